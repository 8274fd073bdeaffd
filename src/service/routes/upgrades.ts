// The upgrade routes of the route table (/upgrade/{family}[/inline][/with-payment]), and the
// quirk path POST /receipts/inline that the real service's samples file the inline receipt
// upgrade under (service-facts §3.5, §7.3).
import { DOCUMENT_ROUTES, type DocumentOperation } from "../../api/routes";
import { FAMILIES, FAMILY_INFO } from "../../rules/codes";
import { UpgradeDocumentSchema, UpgradeWithPaymentDocumentSchema } from "../../rules/schemas";
import type { Api, ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import type { Structure } from "../documents/compose";
import { familyLabel, flowHandler } from "./flow-handler";

const UPGRADES: ReadonlyArray<[op: DocumentOperation, structure: Structure, withPayment: boolean]> = [
  ["upgrade", "simple", false],
  ["upgradeInline", "inline", false],
  ["upgradeWithPayment", "simple", true],
  ["upgradeInlineWithPayment", "inline", true],
];

export function registerUpgradeRoutes(api: Api, ctx: ServiceContext): void {
  for (const family of FAMILIES) {
    const tags = [FAMILY_INFO[family].label.en];
    for (const [op, structure, withPayment] of UPGRADES) {
      const route = DOCUMENT_ROUTES[family][op];
      if (!route) continue;
      const summary = `Upgrade to a ${familyLabel(family)} (${structure}${withPayment ? ", with payment" : ""})`;
      const body = withPayment ? UpgradeWithPaymentDocumentSchema : UpgradeDocumentSchema;
      mount(api, route, flowHandler(ctx, family, structure, { upgrade: true, withPayment }), { summary, tags, body });
      if (family === "receipts" && op === "upgradeInline") {
        mount(api, route, flowHandler(ctx, family, structure, { upgrade: true, withPayment }), { summary: `${summary}; the path of the real service's samples`, tags, body }, "/receipts/inline");
      }
    }
  }
}
