// Each book's builder, its family's sheet's (families/sheets.ts): one record's rows → the body the
// service takes, every problem pinned to its cell. Journal vouchers (service-facts §5.7): one
// voucher per key, one bookOfAccounts row per line, debits = credits to the satang, each line one
// side above zero, accounts of the company's chart. Contacts (§5.1) and products (§5.2): one per
// row, a product's accounts through its product master. Pure: the chart comes from the caller (the
// service at post, the lists sheet at check; without either, accounts are sent as given and the
// service judges them).
import { CONTACT_GROUP, DEBIT_CREDIT, VOUCHER_TYPE } from "../../rules/codes";
import { Decimal, ZERO, formatMoney, parseDecimal, roundHalfUp, toWireNumber } from "../../rules/money";
import { cellFinding, type CellFinding } from "../findings";
import { sheetMsg } from "../messages";
import type { SheetCell, SheetDocument, SheetLayout, SheetLine } from "../sheet-document";
import type { AccountIndex, ChartAccount } from "./accounts";
import type { Json } from "../../rules/json";
import type { ContactBody, JournalEntryBody, ProductBody } from "../../rules/schemas/bodies";
import type { Message } from "../../rules/message";
import type { BuiltBook } from "./built";

export interface BookContext {
  layout: SheetLayout;
  /** The company's chart, when known. */
  accounts?: AccountIndex;
}

/** One record of a book built from its rows (`marker`: the row's, which a voucher carries). */
export type BookBuilder = (doc: SheetDocument, ctx: BookContext, marker?: string) => BuiltBook;

/** Where a finding about `key` goes: its cell, else its column on the row, else the row's first cell. */
function pin(ctx: BookContext, row: number, key: string, cell?: SheetCell): { row: number; col: number } {
  if (cell && !cell.stated) return { row: cell.row, col: cell.col };
  return { row, col: ctx.layout.headers.columns.get(key) ?? ctx.layout.headers.left };
}

function finding(ctx: BookContext, row: number, key: string, message: Message, cell?: SheetCell, severity: CellFinding["severity"] = "error"): CellFinding {
  const at = pin(ctx, row, key, cell);
  return cellFinding(ctx.layout.sheet, at.row, at.col, key, message, severity);
}

const str = (c: SheetCell | undefined): string | undefined => (c === undefined ? undefined : String(c.value).trim());

/** Sets the body's wire field when the sheet gives it. */
function put(body: Json, wire: string, c: SheetCell | undefined, as: (v: SheetCell["value"]) => unknown = (v) => (typeof v === "string" ? v.trim() : v)): void {
  if (c !== undefined) body[wire] = as(c.value);
}

// --- journal vouchers ---

function lineAccount(ctx: BookContext, line: SheetLine, findings: CellFinding[]): { id?: number | string; account?: ChartAccount } {
  const f = line.fields;
  const code = f["item.accountCode"];
  const name = f["item.accountName"];
  const any = f["item.account"];
  const byId = f["item.chartOfAccountId"];
  const given = byId ?? code ?? any ?? name;
  if (!given) {
    if (!["item.chartOfAccountId", "item.accountCode", "item.account", "item.accountName"].some((k) => line.unreadable.has(k))) {
      const key = ["item.accountCode", "item.account", "item.accountName"].find((k) => ctx.layout.headers.columns.has(k)) ?? "item.accountCode";
      findings.push(finding(ctx, line.row, key, sheetMsg("lineNoAccount")));
    }
    return {};
  }
  if (!ctx.accounts) return { id: typeof given.value === "number" ? given.value : String(given.value).trim() };
  const account = ctx.accounts.find(given.value as string | number);
  const key = given === byId ? "item.chartOfAccountId" : given === code ? "item.accountCode" : given === any ? "item.account" : "item.accountName";
  if (!account) {
    findings.push(finding(ctx, line.row, key, sheetMsg("accountUnknown", { account: String(given.value).trim() }), given));
    return {};
  }
  // A code beside a name must name the same account: a typo in either would book the wrong one.
  if (name && given !== name) {
    const named = ctx.accounts.find(String(name.value));
    if (named?.id !== account.id) {
      findings.push(finding(ctx, line.row, "item.accountName", sheetMsg("accountsDiffer", { code: account.code, name: String(name.value).trim() }), name));
      return {};
    }
  }
  return { id: account.id, account };
}

function amountOf(ctx: BookContext, line: SheetLine, key: string, findings: CellFinding[]): Decimal | undefined {
  const c = line.fields[key];
  if (!c) return undefined;
  const d = parseDecimal(c.value);
  if (d === null) return undefined;
  if (d.isZero() && !c.stated) return undefined;
  if (!d.greaterThan(0)) {
    findings.push(finding(ctx, line.row, key, sheetMsg("lineAmountNotPositive", { value: String(c.value) }), c));
    return undefined;
  }
  return roundHalfUp(d, 2);
}

export function buildJournal(doc: SheetDocument, ctx: BookContext, marker?: string): BuiltBook {
  const findings: CellFinding[] = [];
  const f = doc.fields;
  if (!f.documentDate && !doc.unreadable.has("documentDate")) findings.push(finding(ctx, doc.firstRow, "documentDate", sheetMsg("voucherDateMissing")));
  const rows: Json[] = [];
  const accounts: (ChartAccount | undefined)[] = [];
  let debit: Decimal = ZERO;
  let credit: Decimal = ZERO;
  let broken = doc.broken;
  for (const line of doc.lines) {
    const { id, account } = lineAccount(ctx, line, findings);
    const dr = amountOf(ctx, line, "item.debit", findings);
    const cr = amountOf(ctx, line, "item.credit", findings);
    const unreadable = line.unreadable.has("item.debit") || line.unreadable.has("item.credit");
    if (dr && cr) findings.push(finding(ctx, line.row, "item.credit", sheetMsg("lineBothSides"), line.fields["item.credit"]));
    else if (!dr && !cr && !unreadable && !line.fields["item.debit"] && !line.fields["item.credit"]) {
      findings.push(finding(ctx, line.row, "item.debit", sheetMsg("lineNoAmount")));
    }
    if (dr) debit = debit.plus(dr);
    if (cr) credit = credit.plus(cr);
    if (id === undefined || (!dr && !cr) || (dr && cr) || line.unreadable.size > 0) {
      broken = true;
      continue;
    }
    const row: Json = { debitCredit: dr ? DEBIT_CREDIT.Debit : DEBIT_CREDIT.Credit, chartOfAccountId: id, value: toWireNumber((dr ?? cr)!) };
    const d = str(line.fields["item.description"]);
    if (d) row.description = d;
    rows.push(row);
    accounts.push(account);
  }
  if (doc.lines.length === 0) {
    findings.push(finding(ctx, doc.firstRow, "item.debit", sheetMsg("voucherNoLines", { key: doc.key })));
  } else if (!debit.equals(credit) && !doc.lines.some((l) => l.unreadable.has("item.debit") || l.unreadable.has("item.credit"))) {
    // At the voucher's debit and credit cells (its first row's): where the totals go wrong.
    const params = { key: doc.key, debit: formatMoney(debit), credit: formatMoney(credit), difference: formatMoney(debit.minus(credit).abs()) };
    for (const key of ["item.debit", "item.credit"]) findings.push(finding(ctx, doc.firstRow, key, sheetMsg("voucherUnbalanced", params)));
  }
  if (broken || findings.some((x) => x.severity === "error")) return { family: "journal-entries", doc, findings, accounts };
  const body: Json = { documentType: f.documentType ? Number(f.documentType.value) : VOUCHER_TYPE.JV, documentDate: f.documentDate!.value };
  put(body, "contactId", f.contactId);
  put(body, "contactName", f.contactName);
  put(body, "description", f.description);
  put(body, "reference", f.reference, (v) => String(v).trim());
  if (marker) body.note = marker;
  body.bookOfAccounts = rows;
  return { family: "journal-entries", doc, body: body as JournalEntryBody, findings, accounts };
}

// --- contacts ---

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The name a branch code is shown by (what the service keeps in contactBranch). */
export function branchName(code: string): string {
  return code === "00000" ? "สำนักงานใหญ่" : `สาขา ${code}`;
}

export function buildContact(doc: SheetDocument, ctx: BookContext): BuiltBook {
  const findings: CellFinding[] = [];
  const f = doc.fields;
  const at = (key: string, message: Message, severity?: CellFinding["severity"]) => findings.push(finding(ctx, doc.firstRow, key, message, f[key], severity));
  if (!str(f.contactName) && !doc.unreadable.has("contactName")) at("contactName", sheetMsg("contactNameMissing"));
  if (!f.contactType && !doc.unreadable.has("contactType")) at("contactType", sheetMsg("contactTypeMissing"));
  const group = f.contactGroup ? Number(f.contactGroup.value) : CONTACT_GROUP.Juristic;
  if (f.contactTaxId && !f.contactBranch && !doc.unreadable.has("contactBranch") && group !== CONTACT_GROUP.Individual) {
    at("contactBranch", sheetMsg("contactBranchMissing"));
  }
  const email = str(f.contactEmail);
  if (email && !EMAIL.test(email)) at("contactEmail", sheetMsg("emailInvalid", { text: email }));
  const zip = str(f.contactZipCode);
  if (zip && !/^\d{5}$/.test(zip)) at("contactZipCode", sheetMsg("zipInvalid", { text: zip }));
  if (f.contactCreditDays && Number(f.contactCreditDays.value) < 0) at("contactCreditDays", sheetMsg("creditDaysNegative"));
  if (doc.broken || findings.length > 0) return { family: "contacts", doc, findings };
  const body: Json = { contactGroup: group, contactType: Number(f.contactType!.value) };
  for (const key of ["contactCode", "contactName", "contactTaxId", "contactAddress", "contactZipCode", "contactPerson", "contactEmail", "contactMobile"]) {
    put(body, key, f[key], (v) => String(v).trim());
  }
  if (f.contactBranch) {
    body.contactBranchCode = String(f.contactBranch.value);
    body.contactBranch = branchName(String(f.contactBranch.value));
  }
  put(body, "contactCreditDays", f.contactCreditDays, Number);
  return { family: "contacts", doc, body: body as ContactBody, findings };
}

// --- products ---

/** A product's sell or buy account as the chart has it: its id (the product master's
 * chartOfAccountId, service-facts §5.2), or the code as given when the chart is not known. */
function productAccount(ctx: BookContext, doc: SheetDocument, key: string, findings: CellFinding[]): number | string | undefined {
  const c = doc.fields[key];
  if (!c || String(c.value).trim() === "") return undefined;
  if (!ctx.accounts) return typeof c.value === "number" ? String(c.value) : String(c.value).trim();
  const account = ctx.accounts.find(c.value as string | number);
  if (!account) findings.push(finding(ctx, doc.firstRow, key, sheetMsg("accountUnknown", { account: String(c.value).trim() }), c));
  return account?.id;
}

/**
 * A product as the 2020 description's Product takes it (POST /products: a service has no buy side
 * there) and, when the row gives a sell or buy account (or a service's buy price), as a product
 * master (POST /product-masters: sellSettings / buySettings with the account's chartOfAccountId and
 * the main unit's prices), which is how the service names a product's accounts.
 */
export function buildProduct(doc: SheetDocument, ctx: BookContext): BuiltBook {
  const findings: CellFinding[] = [];
  const f = doc.fields;
  const at = (key: string, message: Message) => findings.push(finding(ctx, doc.firstRow, key, message, f[key]));
  if (!str(f.name) && !doc.unreadable.has("name")) at("name", sheetMsg("productNameMissing"));
  if (!f.vatType && !doc.unreadable.has("vatType")) at("vatType", sheetMsg("productVatMissing"));
  for (const key of ["sellPrice", "buyPrice"]) if (f[key] && (parseDecimal(f[key].value) ?? ZERO).isNegative()) at(key, sheetMsg("priceNegative"));
  const sellAccount = productAccount(ctx, doc, "sellChartOfAccountCode", findings);
  const buyAccount = productAccount(ctx, doc, "buyChartOfAccountCode", findings);
  if (doc.broken || findings.length > 0) return { family: "products", doc, findings };
  const type = f.type ? Number(f.type.value) : 3;
  const vatType = Number(f.vatType!.value);
  const service = type === 1;
  const body: Json = { productStructureType: service ? "ProductService" : type === 5 ? "ProductInventory" : "ProductNonInventory", type, sellVatType: vatType };
  if (!service) body.buyVatType = vatType;
  for (const key of ["code", "name", "unitName"]) put(body, key, f[key], (v) => String(v).trim());
  put(body, "sellDescription", f.description, (v) => String(v).trim());
  put(body, "sellPrice", f.sellPrice, Number);
  if (!service) put(body, "buyPrice", f.buyPrice, Number);
  const buyPrice = f.buyPrice ? Number(f.buyPrice.value) : undefined;
  if (sellAccount === undefined && buyAccount === undefined && !(service && buyPrice)) return { family: "products", doc, body: body as ProductBody, findings };
  const side = (account: number | string | undefined, description?: unknown): Json => ({
    vatType, ...(description !== undefined ? { description } : {}), ...(account !== undefined ? { chartOfAccountId: account } : {}),
  });
  const master: Json = {
    type, name: body.name, ...(body.code !== undefined ? { code: body.code } : {}),
    sellSettings: side(sellAccount, body.sellDescription), buySettings: side(buyAccount),
    productLists: [{
      ...(body.unitName !== undefined ? { unitName: body.unitName } : {}), ...(body.sellPrice !== undefined ? { sellPrice: body.sellPrice } : {}),
      ...(buyPrice !== undefined ? { buyPrice } : {}), isMainProduct: true,
    }],
  };
  return { family: "products", doc, body: body as ProductBody, master, findings };
}
