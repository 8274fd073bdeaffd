// Upgrades, payments and partial receipts: mounted before the plain document routes, because
// PUT /receipts/{id} of a partial receipt is answered here and other receipts go on to them.
import type { Api, ServiceContext } from "../http/context";
import { registerPartialReceiptRoutes } from "./partial-receipts";
import { registerPaymentRoutes } from "./payments";
import { registerUpgradeRoutes } from "./upgrades";

export function registerDocumentFlowRoutes(api: Api, ctx: ServiceContext): void {
  registerUpgradeRoutes(api, ctx);
  registerPaymentRoutes(api, ctx);
  registerPartialReceiptRoutes(api, ctx);
}
