// Every route module of the service, mounted in one place.
import type { Api, ServiceContext } from "../http/context";
import { registerContactRoutes } from "./contacts";
import { registerProductRoutes } from "./products";
import { registerCompanyRoutes } from "./company";
import { registerChannelRoutes } from "./channels";
import { registerAccountingRoutes } from "./accounting";
import { registerDocumentRoutes } from "./documents";
import { registerDocumentFlowRoutes } from "./document-flows";
import { registerFileMailShareRoutes } from "./files-mail-share";

export function registerRoutes(api: Api, ctx: ServiceContext): void {
  registerContactRoutes(api, ctx);
  registerProductRoutes(api, ctx);
  registerCompanyRoutes(api, ctx);
  registerChannelRoutes(api, ctx);
  registerAccountingRoutes(api, ctx);
  registerFileMailShareRoutes(api, ctx); // before the document routes: it lists attachments on their GET
  registerDocumentFlowRoutes(api, ctx); // before the document routes: PUT of partial receipts
  registerDocumentRoutes(api, ctx);
}
