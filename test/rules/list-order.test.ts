// sortBy and filter texts as the service reads them (rules/list-order.ts): the facts' single quotes,
// escaped quotes, any case of names, the V3 numbers, and what is refused.
import { LIST_COLUMNS, parseLooseJson, readListOrder } from "../../src/rules/list-order";
import { MESSAGES, formatMessage } from "../../src/rules/messages";

describe("parseLooseJson", () => {
  it("reads single and double quotes, with quotes escaped inside", () => {
    expect(parseLooseJson("[{'name':'publishedOn','sortOrder':'asc'}]")).toEqual([{ name: "publishedOn", sortOrder: "asc" }]);
    expect(parseLooseJson(`[{'columnValue':'O\\'Brien "Ltd"'}]`)).toEqual([{ columnValue: `O'Brien "Ltd"` }]);
    expect(parseLooseJson(`["it's", 'a \\\\ b']`)).toEqual(["it's", "a \\ b"]);
    expect(parseLooseJson("[{'name':'x'")).toBeUndefined();
    expect(parseLooseJson("[{'name':'x}]")).toBeUndefined();
    expect(parseLooseJson("name=x")).toBeUndefined();
  });
});

describe("readListOrder", () => {
  it("names columns as the facts spell them, whatever the case, and reads the V3 numbers", () => {
    const { order, findings } = readListOrder("documents", {
      sortBy: "[{'Name':'contact.namelocal','SortOrder':'DESC'},{'name':'value','sortOrder':1},{'name':'Status'}]",
      filter: "[{'columnName':'CONTACT.NAMELOCAL','columnValue':' Acme ','columnPredicateOperator':0},{'columnName':'documentSerial','columnValue':'QT'}]",
    });
    expect(findings).toEqual([]);
    expect(order.sort).toEqual([{ column: "Contact.NameLocal", desc: true }, { column: "Value", desc: false }, { column: "Status", desc: false }]);
    expect(order.filter).toEqual([
      { column: "Contact.NameLocal", kind: "text", value: "Acme", or: true },
      { column: "documentSerial", kind: "text", value: "QT", or: false },
    ]);
  });

  it("refuses what it cannot read, each with its message", () => {
    const messages = (kind: "documents" | "contacts" | "products", q: { sortBy?: string; filter?: string }) =>
      readListOrder(kind, q).findings.map((f) => [f.path, f.message]);
    expect(messages("documents", { sortBy: "publishedOn" })).toEqual([["sortBy", MESSAGES.sortByNotList]]);
    expect(messages("documents", { sortBy: "[1]" })).toEqual([["sortBy", MESSAGES.sortByNotList]]);
    expect(messages("documents", { filter: "{}" })).toEqual([["filter", MESSAGES.filterNotList]]);
    expect(messages("products", { sortBy: "[{'name':'price','sortOrder':'sideways'}]" })).toEqual([
      ["sortBy", formatMessage(MESSAGES.sortByColumn, { name: "price", allowed: LIST_COLUMNS.products.sort.join(", ") })],
      ["sortBy", MESSAGES.sortOrderValue],
    ]);
    expect(messages("contacts", { filter: "[{'columnName':'contactType','columnValue':'3.5'},{'columnName':'email','columnValue':''}]" })).toEqual([
      ["filter", formatMessage(MESSAGES.filterValueNumber, { name: "contactType" })],
      ["filter", formatMessage(MESSAGES.filterValueRequired, { name: "email" })],
    ]);
    expect(messages("documents", { filter: "[{'columnName':'Contact.NameLocal','columnValue':'a','columnPredicateOperator':'Xor'}]" }))
      .toEqual([["filter", MESSAGES.filterOperator]]);
    expect(readListOrder("documents", { sortBy: " ", filter: "" })).toEqual({ order: { sort: [], filter: [] }, findings: [] });
  });
});
