// Lookup lists: the service's contacts, products, payment channels and expense categories, kept on a
// hidden sheet (LISTS_SHEET) so template columns offer them as drop-downs. A sheet read with them
// has its picks resolved: a bank account, cheque, card, petty cash, other channel or expense
// category chosen by its name is read as its id, and a customer chosen from the list gets its
// contactId (so the service uses that contact instead of making a new one). Pure.
import { LISTS_SHEET, type CellValue, type ListRef } from "../workbook/port";
import { normalizeName } from "./fields";
import type { HeaderMap } from "./headers";
import type { SheetDocument } from "./sheet-document";

export type ListKind =
  | "contacts" | "products" | "bankAccounts" | "cheques" | "creditCards" | "pettyCash" | "otherChannels" | "expenseCategories" | "accounts";

export interface LookupEntry {
  label: string;
  id: number;
}

export type LookupLists = Record<ListKind, LookupEntry[]>;

/** The lists in the order of their columns on the hidden sheet: each a label column, then its ids. */
export const LIST_KINDS: readonly ListKind[] = [
  "contacts", "products", "bankAccounts", "cheques", "creditCards", "pettyCash", "otherChannels", "expenseCategories",
  // The chart of accounts ("41111 Sales revenue"), which journal sheets pick their accounts from.
  "accounts",
];

/** Header of each list's label column on the hidden sheet; its id column adds " id". */
const LIST_HEADERS: Readonly<Record<ListKind, string>> = {
  contacts: "Contacts", products: "Products", bankAccounts: "Bank accounts", cheques: "Cheques", creditCards: "Credit cards",
  pettyCash: "Petty cash", otherChannels: "Other channels", expenseCategories: "Expense categories", accounts: "Chart of accounts",
};

/** Which list a field's column picks from. contactName and item.name keep the name picked. */
export const LOOKUP_FIELDS: Readonly<Record<string, ListKind>> = {
  contactName: "contacts",
  "item.name": "products",
  bankAccountId: "bankAccounts",
  chequeBankAccountId: "bankAccounts",
  creditCardBankAccountId: "bankAccounts",
  bankChequeId: "cheques",
  creditCardId: "creditCards",
  pettyCashId: "pettyCash",
  otherChannelId: "otherChannels",
  "item.categoryId": "expenseCategories",
};

/** Fields whose picked label is read as the list's id. */
const BY_ID = new Set(Object.keys(LOOKUP_FIELDS).filter((k) => k !== "contactName" && k !== "item.name"));

export function emptyLists(): LookupLists {
  return Object.fromEntries(LIST_KINDS.map((k) => [k, []])) as unknown as LookupLists;
}

/** Where a list's labels are on the hidden sheet. */
export function listRef(kind: ListKind): ListRef {
  return { sheet: LISTS_SHEET, col: LIST_KINDS.indexOf(kind) * 2 };
}

/** The hidden sheet's rows: a header row, then each list down its two columns. */
export function listsSheetRows(lists: LookupLists): CellValue[][] {
  const header: CellValue[] = LIST_KINDS.flatMap((k) => [LIST_HEADERS[k], `${LIST_HEADERS[k]} id`]);
  const height = Math.max(0, ...LIST_KINDS.map((k) => lists[k].length));
  const rows: CellValue[][] = [header];
  for (let i = 0; i < height; i++) {
    rows.push(LIST_KINDS.flatMap((k) => {
      const e = lists[k][i];
      return e ? [e.label, e.id] : [null, null];
    }));
  }
  return rows;
}

/** One list's entries as the hidden sheet holds them (labels as written). */
export function listEntries(values: readonly CellValue[][], kind: ListKind): LookupEntry[] {
  const header = (values[0] ?? []).map((v) => (typeof v === "string" ? v.trim() : ""));
  const col = header.indexOf(LIST_HEADERS[kind]);
  if (col < 0 || header[col + 1] !== `${LIST_HEADERS[kind]} id`) return [];
  return values.slice(1).flatMap((row) => {
    const label = row?.[col];
    const id = Number(row?.[col + 1]);
    return typeof label === "string" && Number.isSafeInteger(id) && id > 0 ? [{ label: label.trim(), id }] : [];
  });
}

/** The lists read back from the hidden sheet's values (found by their headers), label → id. */
export function parseLists(values: readonly CellValue[][]): Map<ListKind, Map<string, number>> {
  const header = (values[0] ?? []).map((v) => (typeof v === "string" ? v.trim() : ""));
  const out = new Map<ListKind, Map<string, number>>();
  for (const kind of LIST_KINDS) {
    const col = header.indexOf(LIST_HEADERS[kind]);
    const idCol = header.indexOf(`${LIST_HEADERS[kind]} id`);
    if (col < 0 || idCol < 0) continue;
    const byLabel = new Map<string, number>();
    for (const row of values.slice(1)) {
      const label = row?.[col];
      const id = Number(row?.[idCol]);
      if (typeof label !== "string" && typeof label !== "number") continue;
      if (Number.isSafeInteger(id) && id > 0) byLabel.set(normalizeName(String(label)), id);
    }
    out.set(kind, byLabel);
  }
  return out;
}

/**
 * A block's values with every picked label in an id column replaced by its id (cells that hold
 * anything else are left as they are: a typed id, or a name the reader will refuse), and a step
 * that gives documents whose customer is on the list that contact's id.
 */
export function resolveLookups(values: CellValue[][], headers: HeaderMap, listValues: readonly CellValue[][]): {
  values: CellValue[][];
  addContactIds: (documents: SheetDocument[]) => void;
} {
  const lists = parseLists(listValues);
  const columns: Array<[number, Map<string, number>]> = [];
  for (const [col, def] of headers.byColumn) {
    const list = BY_ID.has(def.key) ? lists.get(LOOKUP_FIELDS[def.key]) : undefined;
    if (list && list.size > 0) columns.push([col - headers.left, list]);
  }
  const resolved = columns.length === 0 ? values : values.map((row, i) => {
    if (i === 0 || !row) return row;
    let copy: CellValue[] | undefined;
    for (const [c, list] of columns) {
      const v = row[c];
      const id = typeof v === "string" ? list.get(normalizeName(v)) : undefined;
      // Copied by its cells: a spread would fill out a sparse row (a stray cell at XFD).
      if (id !== undefined) (copy ??= Object.assign([], row))[c] = id;
    }
    return copy ?? row;
  });
  const contacts = lists.get("contacts");
  return {
    values: resolved,
    addContactIds: (documents) => {
      if (!contacts || contacts.size === 0) return;
      for (const doc of documents) {
        const name = doc.fields.contactName;
        if (!name || doc.fields.contactId || doc.unreadable.has("contactId")) continue;
        const id = contacts.get(normalizeName(String(name.value)));
        // Pinned to the customer's cell: that is where the user chose it.
        if (id !== undefined) doc.fields.contactId = { value: id, row: name.row, col: name.col };
      }
    },
  };
}
