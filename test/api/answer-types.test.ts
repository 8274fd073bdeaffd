// The client's answer types (src/api/types.ts) say what the real service's OpenAPI description
// says: every field an interface declares has the description's type for it (or what the spec
// overrules it with, helpers/openapi-answers.ts), so the client is typed from the one description
// the local service is checked against.
import { join } from "node:path";
import ts from "typescript";
import { deref, type Schema } from "./helpers/openapi";
import { OVERRULED } from "./helpers/openapi-answers";

const TYPES = join(__dirname, "../../src/api/types.ts");

/** Interface of types.ts → the description's schema of the same thing. */
const PAIRS: Record<string, string> = {
  Contact: "Contact",
  Product: "Product",
  Company: "CompanyInfoResponse_data",
  BankAccount: "BankAccountResponse_data",
  ExpenseCategory: "BusinessCategory_data",
  ExpenseLine: "ExpenseInlineProductItem",
  Attachment: "AttachmentResponse_data",
  DocumentReference: "ReferencedToMe",
  EmailResult: "SendEmailResponse_data",
  DeleteResult: "DeleteResponse_data",
  TokenAnswer: "AuthenResponse",
  DocumentRecord: "InlineDocumentResponse_allOf_data",
  WithholdingTaxRecord: "WithholidingTaxDocumentResponse_data",
};

/** Fields typed otherwise on purpose, beside OVERRULED: why. */
const CLIENT_WIDER: Record<string, string> = {
  "Product.id": "text in the description, a number from older services: the client takes both",
  "WithholdingTaxRecord.recordId": "text in the description, a number by the spec: the client takes both",
};

/** The TS primitive a description type is. */
const tsOf = (type: string): string => (type === "integer" || type === "number" ? "number" : type);

/** Every property of a schema through allOf, with its description type. */
function properties(s: Schema, out: Record<string, Schema> = {}): Record<string, Schema> {
  const d = deref(s);
  for (const part of d.allOf ?? []) properties(part, out);
  Object.assign(out, d.properties ?? {});
  return out;
}

function declared(): Map<string, Map<string, string>> {
  const program = ts.createProgram([TYPES], { strict: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(TYPES)!;
  const out = new Map<string, Map<string, string>>();
  ts.forEachChild(source, (node) => {
    if (!ts.isInterfaceDeclaration(node)) return;
    const fields = new Map<string, string>();
    for (const m of node.members) {
      if (!ts.isPropertySignature(m) || !m.name || !ts.isIdentifier(m.name)) continue;
      const type = checker.getTypeAtLocation(m);
      const parts = type.isUnion() ? type.types : [type];
      const names = parts.map((t) => checker.typeToString(t)).filter((n) => n !== "undefined" && n !== "null");
      fields.set(m.name.text, [...new Set(names.map((n) => (n === "true" || n === "false" ? "boolean" : n)))].sort().join(" | "));
    }
    out.set(node.name.text, fields);
  });
  return out;
}

describe("client answer types follow openapi-2020.yaml", () => {
  const types = declared();

  it.each(Object.entries(PAIRS))("%s has the types of %s", (name, schemaName) => {
    const fields = types.get(name);
    expect(fields).toBeDefined();
    const props = properties({ $ref: `#/components/schemas/${schemaName}` });
    const problems: string[] = [];
    for (const [field, tsType] of fields!) {
      const prop = props[field];
      if (!prop || CLIENT_WIDER[`${name}.${field}`]) continue;
      const want = tsOf(OVERRULED[field]?.type ?? deref(prop).type ?? "");
      if (want && want !== "object" && want !== "array" && tsType !== want) problems.push(`${name}.${field}: ${tsType}, the description says ${want}`);
    }
    expect(problems).toEqual([]);
  });

  it("can tell a type the description disagrees with", () => {
    const props = properties({ $ref: "#/components/schemas/BusinessCategory_data" });
    expect(tsOf(deref(props.systemCode).type!)).toBe("number");
    expect(types.get("ExpenseCategory")!.get("systemCode")).toBe("number");
    expect(types.get("ExpenseCategory")!.get("keywords")).toBe("string");
  });
});
