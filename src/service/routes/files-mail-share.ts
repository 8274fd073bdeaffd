// The routes of service part 2 around documents (attachments, PDF export, e-mail, share) and the
// registers beside them (withholding-tax certificates, journal entries, product masters), mounted
// together so the route index needs one line for them.
import type { Api, ServiceContext } from "../http/context";
import { registerAttachmentRoutes } from "./attachments";
import { registerExportPdfRoutes } from "./export-pdf";
import { registerEmailRoutes } from "./email";
import { registerShareRoutes } from "./share";
import { registerWithholdingTaxRoutes } from "./withholding-taxes";
import { registerJournalEntryRoutes } from "./journal-entries";
import { registerProductMasterRoutes } from "./product-masters";

export function registerFileMailShareRoutes(api: Api, ctx: ServiceContext): void {
  registerAttachmentRoutes(api, ctx);
  registerExportPdfRoutes(api, ctx);
  registerEmailRoutes(api, ctx);
  registerShareRoutes(api, ctx);
  registerWithholdingTaxRoutes(api, ctx);
  registerJournalEntryRoutes(api, ctx);
  registerProductMasterRoutes(api, ctx);
}
