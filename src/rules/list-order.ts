// sortBy and filter of lists (service-facts §4.2, §5.1, §5.2): JSON lists sent as query text, in
// the service's examples written with single quotes ([{'name':'publishedOn','sortOrder':'asc'}]).
// Column names are those the facts give for each list, matched ignoring case (the facts write
// `namelocal` for contacts and `Contact.NameLocal` for documents). Pure: the service reads them,
// the client and the CLI write them.
import { finding, type Finding } from "./findings";
import { ruleMsg } from "./messages";
import { isStorableText } from "./storable";

export type ListKind = "documents" | "contacts" | "products";

/** What a filter compares: text contains the value (ignoring case); number equals it. */
export type FilterKind = "text" | "number";

/** Sortable and filterable columns per list, as the facts name them. */
export const LIST_COLUMNS: Record<ListKind, { sort: readonly string[]; filter: Readonly<Record<string, FilterKind>> }> = {
  documents: {
    sort: ["publishedOn", "documentSerial", "Contact.NameLocal", "Value", "Status"],
    filter: { "Contact.NameLocal": "text", documentSerial: "text" },
  },
  contacts: {
    sort: ["namelocal", "contactPerson", "email", "phone2", "contactType"],
    filter: { namelocal: "text", contactPerson: "text", email: "text", phone2: "text", contactType: "number" },
  },
  products: {
    sort: ["productCode", "name", "barcode", "categoryId"],
    filter: { name: "text", productCode: "text", barcode: "text", categoryId: "number" },
  },
};

/** sortBy and filter entries each: enough for any screen, and a bound on the SQL they make. */
export const LIST_ORDER_MAX = 10;

/** An entry of sortBy as it goes over the wire. */
export interface SortTerm {
  name: string;
  sortOrder: "asc" | "desc";
}

/** An entry of filter as it goes over the wire. */
export interface FilterTerm {
  columnName: string;
  columnValue: string;
  columnPredicateOperator?: "And" | "Or";
}

/** sortBy and filter read: columns in the facts' spelling. */
export interface ListOrder {
  sort: Array<{ column: string; desc: boolean }>;
  /** Joined left to right: each entry with the ones before it by its own operator (the first's is unused). */
  filter: Array<{ column: string; kind: FilterKind; value: string; or: boolean }>;
}

/** JSON that may quote with ' as well as " → its value; undefined when it is not JSON. */
export function parseLooseJson(text: string): unknown {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const quote = text[i];
    if (quote !== "'" && quote !== '"') {
      out += quote;
      continue;
    }
    let s = "";
    for (i++; i < text.length && text[i] !== quote; i++) {
      const ch = text[i];
      if (ch === "\\" && i + 1 < text.length) {
        // \' is no JSON escape: it stands for the quote itself.
        s += text[i + 1] === "'" ? "'" : ch + text[i + 1];
        i++;
      } else s += ch === '"' ? '\\"' : ch;
    }
    if (i >= text.length) return undefined;
    out += `"${s}"`;
  }
  try {
    return JSON.parse(out);
  } catch {
    return undefined;
  }
}

type Entry = Record<string, unknown>;

/** The entries of a sortBy or filter text, keys lower-cased; undefined when it is not a list of objects. */
function entries(text: string): Entry[] | undefined {
  const value = parseLooseJson(text);
  if (!Array.isArray(value)) return undefined;
  const out: Entry[] = [];
  for (const e of value) {
    if (e === null || typeof e !== "object" || Array.isArray(e)) return undefined;
    out.push(Object.fromEntries(Object.entries(e as Entry).map(([k, v]) => [k.toLowerCase(), v])));
  }
  return out;
}

/** The allowed column `name` means, ignoring case and surrounding blanks. */
export const columnNamed = (allowed: readonly string[], name: unknown): string | undefined =>
  typeof name === "string" ? allowed.find((a) => a.toLowerCase() === name.trim().toLowerCase()) : undefined;

const wordOf = (v: unknown): string => (typeof v === "string" || typeof v === "number" ? String(v).trim().toLowerCase() : "");

/** sortOrder: asc / desc, or the V3 numbers 1 (Asc) and 3 (Desc); absent is asc. */
function descending(v: unknown): boolean | undefined {
  if (v === undefined || v === null || v === "") return false;
  const w = wordOf(v);
  return w === "asc" || w === "1" ? false : w === "desc" || w === "3" ? true : undefined;
}

/** columnPredicateOperator: And / Or, or the V3 numbers 1 (And) and 0 (Or); absent is And. */
function isOr(v: unknown): boolean | undefined {
  if (v === undefined || v === null || v === "") return false;
  const w = wordOf(v);
  return w === "and" || w === "1" ? false : w === "or" || w === "0" ? true : undefined;
}

/** Reads sortBy and filter of a list query; empty or absent texts sort and filter nothing. */
export function readListOrder(kind: ListKind, query: { sortBy?: unknown; filter?: unknown }): { order: ListOrder; findings: Finding[] } {
  const columns = LIST_COLUMNS[kind];
  const order: ListOrder = { sort: [], filter: [] };
  const findings: Finding[] = [];
  const tooMany = (path: string) => findings.push(finding(path, ruleMsg("listOrderTooMany", { max: LIST_ORDER_MAX })));

  if (typeof query.sortBy === "string" && query.sortBy.trim() !== "") {
    const list = entries(query.sortBy);
    if (!list) findings.push(finding("sortBy", ruleMsg("sortByNotList")));
    else if (list.length > LIST_ORDER_MAX) tooMany("sortBy");
    else for (const e of list) {
      const column = columnNamed(columns.sort, e.name);
      const desc = descending(e.sortorder);
      if (!column) findings.push(finding("sortBy", ruleMsg("sortByColumn", { name: String(e.name ?? ""), allowed: columns.sort.join(", ") })));
      if (desc === undefined) findings.push(finding("sortBy", ruleMsg("sortOrderValue")));
      if (column && desc !== undefined) order.sort.push({ column, desc });
    }
  }

  if (typeof query.filter === "string" && query.filter.trim() !== "") {
    const filterable = Object.keys(columns.filter);
    const list = entries(query.filter);
    if (!list) findings.push(finding("filter", ruleMsg("filterNotList")));
    else if (list.length > LIST_ORDER_MAX) tooMany("filter");
    else for (const e of list) {
      const column = columnNamed(filterable, e.columnname);
      const or = isOr(e.columnpredicateoperator);
      if (!column) {
        findings.push(finding("filter", ruleMsg("filterColumn", { name: String(e.columnname ?? ""), allowed: filterable.join(", ") })));
        continue;
      }
      if (or === undefined) findings.push(finding("filter", ruleMsg("filterOperator")));
      const kind = columns.filter[column];
      const raw = e.columnvalue;
      const value = typeof raw === "string" ? raw.trim() : typeof raw === "number" && Number.isFinite(raw) ? String(raw) : "";
      if (value === "") findings.push(finding("filter", ruleMsg("filterValueRequired", { name: column })));
      // The query text was checked, but JSON's "\u0000" decodes to a NUL only here.
      else if (!isStorableText(value)) findings.push(finding("filter", ruleMsg("filterValueUnstorable", { name: column })));
      else if (kind === "number" && !/^[+-]?\d{1,15}$/.test(value)) findings.push(finding("filter", ruleMsg("filterValueNumber", { name: column })));
      else if (or !== undefined) order.filter.push({ column, kind, value, or });
    }
  }
  return { order, findings };
}
