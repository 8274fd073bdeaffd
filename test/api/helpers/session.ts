// The local service of the client's test files (the jest worker's shared PostgreSQL service, with
// companies of the file's own: helpers/shared-service.ts), with a recorded client, a customer and a
// bank account of the seed data, and the bodies those files send: filled in beforeAll.
import type { DocSheetClient } from "../../../src/api/client";
import type { JsonBody } from "../../../src/api/types";
import type { InlineDocumentBody, SimpleDocumentBody } from "../../../src/rules/schemas/bodies";
import { fileCompaniesIn, type FileCompany, type SharedService } from "../../helpers/shared-service";
import { recordedClient } from "./client";

export const today = new Date().toISOString().slice(0, 10);

export interface ServiceSession {
  service: SharedService;
  /** The file's copies of the demo companies. */
  demo: FileCompany;
  other: FileCompany;
  /** Every request it sends is recorded (see client.ts). */
  c: DocSheetClient;
  /** A customer: the 2020 description wants contactName beside contactId, and they must match. */
  contactId: number;
  contactName: string;
  bankAccountId: number;
  /** A simple document both the service and the 2020 description accept: 2 × 100 + 7 % VAT. */
  simpleBody<E extends JsonBody = JsonBody>(extra?: E): SimpleDocumentBody & E;
  /** An inline document: one taxed line with a discount, one exempt line. */
  inlineBody<E extends JsonBody = JsonBody>(extra?: E): InlineDocumentBody & E;
}

/** Call at the top of a test file: the session is filled once beforeAll has run. */
export function serviceSession(): ServiceSession {
  const s = {
    simpleBody: <E extends JsonBody>(extra?: E) => simpleBody(s, extra ?? ({} as E)),
    inlineBody: <E extends JsonBody>(extra?: E) => inlineBody(s, extra ?? ({} as E)),
  } as ServiceSession;
  beforeAll(async () => {
    Object.assign(s, await fileCompaniesIn());
    s.c = recordedClient(s.service.root, s.demo);
    const contacts = await s.c.contacts.list({ currentPage: 1, pageSize: 20 });
    const customer = contacts.list.find((x) => x.contactType === 3 || x.contactType === 7)!;
    s.contactId = customer.id;
    s.contactName = customer.contactName;
    s.bankAccountId = (await s.c.bankAccounts.list())[0].bankAccountId;
  }, 120_000);
  return s;
}

function simpleBody<E extends JsonBody>(s: ServiceSession, extra: E): SimpleDocumentBody & E {
  return {
    contactId: s.contactId, contactName: s.contactName, documentStructureType: "SimpleDocument" as const, publishedOn: today, dueDate: today,
    creditType: 1, creditDays: 0, isVatInclusive: false, isVat: true, subTotal: 200, discountPercentage: 0, discountAmount: 0,
    totalAfterDiscount: 200, vatAmount: 14, grandTotal: 214,
    total: 214, // required by the 2020 description though it defines no such field
    items: [{ documentStructureType: "SimpleDocument", type: 1, name: "Pen", description: "Blue pen", quantity: 2, unitName: "pcs", pricePerUnit: 100, total: 200 }],
    ...extra,
  };
}

function inlineBody<E extends JsonBody>(s: ServiceSession, extra: E): InlineDocumentBody & E {
  return {
    ...simpleBody(s, {}), documentStructureType: "InlineDocument" as const, useInlineDiscount: true, useInlineVat: true, discountType: 3,
    subTotal: 300, discountAmount: 10, totalAfterDiscount: 290, exemptAmount: 100, vatableAmount: 190, vatAmount: 13.3, grandTotal: 303.3, total: 303.3,
    items: [
      { documentStructureType: "InlineDocument", type: 1, name: "Taxed", quantity: 2, unitName: "pcs", pricePerUnit: 100, discountAmount: 10, vatRate: 7, total: 190 },
      { documentStructureType: "InlineDocument", type: 1, name: "Exempt", quantity: 1, unitName: "pcs", pricePerUnit: 100, discountAmount: 0, vatRate: -1, total: 100 },
    ],
    ...extra,
  };
}
