// Payments: POST {family}/{id}/payment (service-facts §3.7) and the with-payment creates
// (§3.6). Either leaves the document paid with its `payments`.
import { DOCUMENT_ROUTES } from "../../api/routes";
import { FAMILIES, FAMILY_INFO } from "../../rules/codes";
import { checkPayment } from "../../rules/checks";
import { PaymentSchema, WithPaymentDocumentSchema } from "../../rules/schemas";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { documentEnvelope } from "../documents/answer-shape";
import { idParam, readJson } from "../http/validate";
import { parsedBody, rejectErrors } from "../documents/checked-body";
import { familyLabel, flowHandler } from "./flow-handler";
import { payDocument } from "../documents/requests";

export function registerPaymentRoutes(api: Api, ctx: ServiceContext): void {
  const db = ctx.store.db;
  for (const family of FAMILIES) {
    const info = FAMILY_INFO[family];
    const routes = DOCUMENT_ROUTES[family];
    const tags = [info.label.en];
    if (routes.createWithPayment) {
      mount(api, routes.createWithPayment, flowHandler(ctx, family, "simple", { upgrade: false, withPayment: true }),
        { summary: `Create a paid ${familyLabel(family)} (simple)`, tags, body: WithPaymentDocumentSchema });
    }
    if (routes.createInlineWithPayment) {
      mount(api, routes.createInlineWithPayment, flowHandler(ctx, family, "inline", { upgrade: false, withPayment: true }),
        { summary: `Create a paid ${familyLabel(family)} (inline)`, tags, body: WithPaymentDocumentSchema });
    }
    if (!routes.payment) continue;
    mount(api, routes.payment, async (c) => {
      const id = idParam(c);
      const raw = await readJson(c);
      rejectErrors(checkPayment(raw, info.side));
      const body = parsedBody(PaymentSchema, raw);
      return c.json(documentEnvelope(family, await payDocument(db, companyOf(c), family, id, body)));
    }, { summary: `Pay a ${familyLabel(family)}`, tags, body: PaymentSchema });
  }
}
