// Expense lines as the real service answers them (ExpenseSimple/InlineProductItem, service-facts
// §3.3 "Credit side", "Debit side"): the category (systemCode, categoryId, its names) and both
// accounts (id, code, names, category) filled in from the company's expense categories and chart
// of accounts. A line names an account by its chart code (21399, as sheets do) or by its id.
import { eq } from "drizzle-orm";
import type { Tx } from "../store/database";
import { chartOfAccounts, expenseCategories } from "../store/schema";
import type { Json } from "../../rules/json";

export interface Account {
  id: number;
  code: string;
  nameLocal: string;
  nameForeign: string;
  category: number;
}

export interface Category {
  id: number;
  systemCode: number;
  categoryNameLocal: string;
  categoryNameForeign: string;
  debitCode: string;
  creditCode: string;
}

/** A company's categories and accounts, read once per document; accounts by chart code and by
 * id (as text), so each line's two accounts are found without a scan of the chart. */
export interface AccountBook {
  categories: Category[];
  byCode: Map<string, Account>;
  byId: Map<string, Account>;
}

const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
/** A whole number, or 0 for none (the service answers ids and codes as integers). */
const whole = (v: unknown): number => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isSafeInteger(n) ? n : 0;
};

export async function accountBook(tx: Tx, companyId: number): Promise<AccountBook> {
  const [categoryRows, accountRows] = await Promise.all([
    tx.select().from(expenseCategories).where(eq(expenseCategories.companyId, companyId)),
    tx.select().from(chartOfAccounts).where(eq(chartOfAccounts.companyId, companyId)),
  ]);
  return {
    categories: categoryRows.map((r) => ({
      id: r.id, systemCode: whole(r.body.systemCode), categoryNameLocal: text(r.body.categoryNameLocal),
      categoryNameForeign: text(r.body.categoryNameForeign), debitCode: text(r.body.debitCode), creditCode: text(r.body.creditCode),
    })),
    ...indexAccounts(accountRows.map((r) => ({
      id: r.id, code: r.code, nameLocal: text(r.body.nameLocal), nameForeign: text(r.body.nameForeign), category: whole(r.body.category),
    }))),
  };
}

/** The accounts by code and by id; the first of a code wins, as a search of the list would find. */
function indexAccounts(accounts: Account[]): Pick<AccountBook, "byCode" | "byId"> {
  const byCode = new Map<string, Account>();
  const byId = new Map<string, Account>();
  for (const a of accounts) {
    if (!byCode.has(a.code)) byCode.set(a.code, a);
    byId.set(String(a.id), a);
  }
  return { byCode, byId };
}

/** The account a line names: by chart code first (what people type), else by the account's id. */
export function findAccount(book: AccountBook, named: unknown): Account | undefined {
  const given = text(named).trim();
  if (given === "") return undefined;
  return book.byCode.get(given) ?? book.byId.get(given);
}

function findCategory(book: AccountBook, line: Json): Category | undefined {
  const id = whole(line.categoryId);
  const byId = id > 0 ? book.categories.find((c) => c.id === id) : undefined;
  if (byId) return byId;
  const code = whole(line.systemCode);
  return code > 0 ? book.categories.find((c) => c.systemCode === code) : undefined;
}

function side(prefix: "credit" | "debit", account: Account | undefined, named: unknown): Json {
  return {
    [`${prefix}Id`]: account?.id ?? whole(named),
    [`${prefix}Code`]: account?.code ?? text(named),
    [`${prefix}NameLocal`]: account?.nameLocal ?? "",
    [`${prefix}NameForeign`]: account?.nameForeign ?? "",
    [`${prefix}Category`]: account?.category ?? 0,
  };
}

/**
 * The line with its category and accounts as the real service answers them. An account the line
 * does not name is the category's; what the company does not know keeps the line's own value
 * (as a whole number for ids and codes, 0 when it is none).
 */
export function expenseLine(line: Json, book: AccountBook): Json {
  const category = findCategory(book, line);
  const creditNamed = line.creditId ?? category?.creditCode;
  const debitNamed = line.debitId ?? category?.debitCode;
  const name = text(line.name);
  return {
    ...line,
    systemCode: category?.systemCode ?? whole(line.systemCode),
    categoryId: category?.id ?? whole(line.categoryId),
    categoryNameLocal: category?.categoryNameLocal ?? "",
    categoryNameForeign: category?.categoryNameForeign ?? "",
    nameLocal: text(line.nameLocal) || name || category?.categoryNameLocal || "",
    nameForeign: text(line.nameForeign) || name || category?.categoryNameForeign || "",
    ...side("credit", findAccount(book, creditNamed), creditNamed),
    ...side("debit", findAccount(book, debitNamed), debitNamed),
  };
}
