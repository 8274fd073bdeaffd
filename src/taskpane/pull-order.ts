// The Pull form's order and contact filter → the list's sortBy and filter (service-facts §4.2).
// Each order the form offers is a column of the facts and a direction: "Value:desc".
import type { FilterTerm, SortTerm } from "../api";

/** The orders offered, by their label keys; "" is the service's own (newest first). */
export const PULL_SORTS = [
  { value: "", label: "sort_newest" },
  { value: "publishedOn:asc", label: "sort_oldest" },
  { value: "documentSerial:asc", label: "sort_serial" },
  { value: "Contact.NameLocal:asc", label: "sort_contact" },
  { value: "Value:desc", label: "sort_value" },
  { value: "Status:asc", label: "sort_status" },
] as const;

export function pullListOrder(query: { sort?: string; contact?: string }): { sortBy?: SortTerm[]; filter?: FilterTerm[] } {
  const [name, dir] = (query.sort ?? "").split(":");
  const contact = query.contact?.trim();
  return {
    sortBy: name ? [{ name, sortOrder: dir === "desc" ? "desc" : "asc" }] : undefined,
    filter: contact ? [{ columnName: "Contact.NameLocal", columnValue: contact, columnPredicateOperator: "And" }] : undefined,
  };
}
