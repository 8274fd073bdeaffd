// The quick acceptance test that lets well-formed bodies skip zod: it must never accept what the
// zod schema rejects (else findings would be lost), and it must accept the usual valid body
// (else it saves nothing).
import fc from "fast-check";
import type * as z from "zod/mini";
import * as schemas from "../../src/rules/schemas";
import { quickAccept } from "../../src/rules/checks/quick-accept";

const ALL = Object.entries(schemas).filter(([name]) => name.endsWith("Schema")) as [string, z.ZodMiniType][];
const DOCUMENTS = ALL.filter(([name]) => /Document|PartialReceipt/.test(name) && !name.includes("Reference"));

// Values near the edges of each wire type, so both answers are reached.
const value = fc.oneof(
  fc.constantFrom(undefined, null, -0, 0, 1, -1, 7, 11, 3, 1.5, 0.125, 2 ** 53, NaN, Infinity, "", " ", "12", "1,234.50", "1e3", "abc",
    "true", "FALSE", "2026-03-01", "2026-02-30", "SimpleDocument", "th", "a@b.co", [], [{}], {}),
  fc.string({ maxLength: 4 }), fc.double(), fc.integer(), fc.boolean(),
);
const line = fc.dictionary(fc.constantFrom("quantity", "pricePerUnit", "total", "vatRate", "creditId", "documentId", "partialAmount",
  "withHeldPerItem", "description", "unitName"), value, { maxKeys: 4 });
const body = fc.record({
  publishedOn: fc.oneof(fc.constant("2026-03-01"), value),
  totalAfterDiscount: fc.oneof(fc.constant(100), value),
  grandTotal: fc.oneof(fc.constant(107), value),
  paymentMethod: fc.oneof(fc.constant(1), value),
  paymentDate: fc.oneof(fc.constant("2026-03-02"), value),
  collected: fc.oneof(fc.constant(107), value),
  isVat: value,
  contactId: value,
  documentStructureType: value,
  documentReference: fc.oneof(value, fc.constant([{ recordId: 5, referenceDocumentSerial: "QT1", referenceDocumentType: 3 }])),
  items: fc.oneof(fc.array(line, { maxLength: 3 }), value),
}, { requiredKeys: ["items"] });

describe("quickAccept", () => {
  test.each(ALL)("never accepts what %s rejects", (_name, schema) => {
    fc.assert(fc.property(fc.oneof(body, fc.anything(), value), (v) => !quickAccept(schema, v) || schema.safeParse(v).success), { numRuns: 400 });
  });

  test.each(DOCUMENTS)("%s: a plain valid body is accepted quickly", (name, schema) => {
    const valid: Record<string, unknown> = {
      contactName: "Customer", publishedOn: "2026-03-01", isVat: true, totalAfterDiscount: 100, vatAmount: 7, grandTotal: 107,
      items: [{ name: "Item", quantity: 2, pricePerUnit: 50, total: 100, vatRate: 7 }],
    };
    if (name.includes("Upgrade")) valid.documentReference = [{ recordId: 5, referenceDocumentSerial: "QT1", referenceDocumentType: 3 }];
    if (name.includes("Payment")) Object.assign(valid, { paymentMethod: 1, paymentDate: "2026-03-02", collected: 107 });
    expect(schema.safeParse(valid).success).toBe(true);
    expect(quickAccept(schema, valid)).toBe(true);
  });

  test("a refinement after a transform is left to zod", () => {
    expect(quickAccept(schemas.ListQuerySchema, { pageSize: "20" })).toBe(false);
    expect(quickAccept(schemas.ListQuerySchema, {})).toBe(true);
  });

  test("a missing required field, an inherited key or a class instance is left to zod", () => {
    expect(quickAccept(schemas.SimpleDocumentSchema, { publishedOn: "2026-03-01", grandTotal: 1, items: [{}] })).toBe(false);
    const inherited = Object.create({ totalAfterDiscount: "x" }) as Record<string, unknown>;
    Object.assign(inherited, { publishedOn: "2026-03-01", grandTotal: 1, items: [{}] });
    expect(quickAccept(schemas.SimpleDocumentSchema, inherited)).toBe(false);
  });
});
