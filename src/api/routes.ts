// The one table of routes: family → operation → method, path, body kind. The client builds its
// requests from it and the local service mounts its handlers from it, so the two cannot drift.
import { FAMILIES, FAMILY_INFO, type Family } from "../rules/codes";

export type Method = "GET" | "POST" | "PUT" | "DELETE";
/** none: no body; json; multipart: form-data with `file`; form: x-www-form-urlencoded. */
export type BodyKind = "none" | "json" | "multipart" | "form";

export interface Route {
  method: Method;
  /** Path below the root, with `:id` / `:statusId` placeholders (hono syntax). */
  path: string;
  body: BodyKind;
  /** Safe to send again when the answer is lost: reads, PUT, DELETE, status changes. */
  idempotent: boolean;
}

const route = (method: Method, path: string, body: BodyKind, idempotent = method !== "POST"): Route => ({
  method, path, body, idempotent,
});

export const DOCUMENT_OPERATIONS = [
  "list", "get", "create", "createInline", "createWithPayment", "createInlineWithPayment",
  "upgrade", "upgradeInline", "upgradeWithPayment", "upgradeInlineWithPayment",
  "partialReceipt", "update", "delete", "status", "payment",
  "attachment", "attachmentBase64", "exportPdf", "email", "share",
] as const;
export type DocumentOperation = (typeof DOCUMENT_OPERATIONS)[number];

/** The routes one family has; operations the family lacks are absent. */
export function documentRoutes(family: Family): Partial<Record<DocumentOperation, Route>> {
  const info = FAMILY_INFO[family];
  const f = `/${family}`;
  const up = `/upgrade/${family}`;
  const r: Partial<Record<DocumentOperation, Route>> = {
    list: route("GET", `/${info.listPath}`, "none"),
    get: route("GET", `${f}/:id`, "none"),
    update: route("PUT", `${f}/:id`, "json"),
    delete: route("DELETE", `${f}/:id`, "none"),
    // A status change names its target state: sending it twice lands in the same state.
    status: route("POST", `${f}/:id/status/:statusId`, "none", true),
    attachment: route("POST", `${f}/:id/attachment`, "multipart"),
    attachmentBase64: route("POST", `${f}/:id/attachment/base64`, "json"),
    exportPdf: route("POST", `${f}/:id/export-pdf/base64`, "json", true),
    email: route("POST", `${f}/email-document`, "json"),
    share: route("POST", `${f}/sharedocument`, "json", true),
  };
  if (info.simple) r.create = route("POST", f, "json");
  if (info.inline) r.createInline = route("POST", `${f}/inline`, "json");
  if (info.withPayment) {
    r.createWithPayment = route("POST", `${f}/with-payment`, "json");
    r.createInlineWithPayment = route("POST", `${f}/inline/with-payment`, "json");
  }
  if (info.upgrade) {
    r.upgrade = route("POST", up, "json");
    r.upgradeInline = route("POST", `${up}/inline`, "json");
  }
  if (info.upgradeWithPayment) {
    r.upgradeWithPayment = route("POST", `${up}/with-payment`, "json");
    r.upgradeInlineWithPayment = route("POST", `${up}/inline/with-payment`, "json");
  }
  if (info.partialReceipt) r.partialReceipt = route("POST", f, "json");
  if (info.payment) r.payment = route("POST", `${f}/:id/payment`, "json");
  return r;
}

export const DOCUMENT_ROUTES: Record<Family, Partial<Record<DocumentOperation, Route>>> = Object.fromEntries(
  FAMILIES.map((f) => [f, documentRoutes(f)]),
) as Record<Family, Partial<Record<DocumentOperation, Route>>>;

/** Everything that is not a document family (service-facts §5). */
export const MASTER_ROUTES = {
  token: route("POST", "/token", "form"),
  openapi: route("GET", "/openapi.json", "none"),

  contactsList: route("GET", "/contacts", "none"),
  contactsCreate: route("POST", "/contacts", "json"),
  contactsGet: route("GET", "/contacts/:id", "none"),
  contactsUpdate: route("PUT", "/contacts/:id", "json"),
  contactsDelete: route("DELETE", "/contacts/:id", "none"),

  productsList: route("GET", "/products", "none"),
  productsCreate: route("POST", "/products", "json"),
  productsGet: route("GET", "/products/:id", "none"),
  productsUpdate: route("PUT", "/products/:id", "json"),
  productsDelete: route("DELETE", "/products/:id", "none"),

  productMastersCreate: route("POST", "/product-masters", "json"),
  productMastersGet: route("GET", "/product-masters/:id", "none"),
  productMastersUpdate: route("PUT", "/product-masters/:id", "json"),

  companyGet: route("GET", "/company/info", "none"),
  companyUpdate: route("PUT", "/company/info", "json"),

  bankAccountsList: route("GET", "/bank-accounts", "none"),
  bankAccountsCreate: route("POST", "/bank-accounts", "json"),
  bankChannelBankAccountsCreate: route("POST", "/bank-channel/bank-accounts", "json"),
  chequesList: route("GET", "/bank-channel/cheque", "none"),
  creditCardsList: route("GET", "/bank-channel/credit-card", "none"),
  pettyCashList: route("GET", "/bank-channel/petty-cash", "none"),
  otherChannelsList: route("GET", "/bank-channel/other-channels", "none"),

  expenseCategoriesBusiness: route("GET", "/expenses/categories/business", "none"),
  expenseCategoriesAccounting: route("GET", "/expenses/categories/accounting", "none"),

  chartOfAccounts: route("GET", "/chart-of-accounts/accounts", "none"),

  withholdingTaxesList: route("GET", "/withholding-taxes", "none"),
  withholdingTaxesCreate: route("POST", "/withholding-taxes", "json"),
  withholdingTaxesGet: route("GET", "/withholding-taxes/:id", "none"),
  withholdingTaxesUpdate: route("PUT", "/withholding-taxes/:id", "json"),
  withholdingTaxesDelete: route("DELETE", "/withholding-taxes/:id", "none"),
  withholdingTaxesStatus: route("POST", "/withholding-taxes/:id/status/:statusId", "none", true),
  /** The certificate (50 ทวิ) as a PDF, as the documents' export (service-facts §3.9). */
  withholdingTaxesExportPdf: route("POST", "/withholding-taxes/:id/export-pdf/base64", "json", true),

  journalEntriesList: route("GET", "/journal-entries", "none"),
  journalEntriesGet: route("GET", "/journal-entries/:id", "none"),
  journalEntriesDraft: route("POST", "/journal-entries/draft", "json"),
  journalEntriesApprove: route("POST", "/journal-entries/approve", "json"),

  /** Sandbox only: the e-mails the local service has sent. */
  outbox: route("GET", "/outbox", "none"),
} as const;
export type MasterOperation = keyof typeof MASTER_ROUTES;

/** Fills `:name` placeholders; values are URL-encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(v));
  });
}

/** Service roots. */
export const ENVIRONMENTS = {
  production: "https://openapi.flowaccount.com/v1",
  sandbox: "https://openapi.flowaccount.com/test",
  local: "http://127.0.0.1:8787/test",
} as const;
export type EnvironmentName = keyof typeof ENVIRONMENTS;
