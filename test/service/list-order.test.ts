// sortBy and filter of lists over real HTTP on PostgreSQL (service-facts §4.2, §5.1, §5.2): documents
// of every family, contacts and products; the facts' single-quoted examples; unknown columns and
// malformed JSON refused in the validation envelope; search still a substring match, Thai included.
import { FAMILY_INFO, FAMILIES } from "../../src/rules/codes";
import { MESSAGES, formatMessage } from "../../src/rules/messages";
import { matchSql, whereSql } from "../../src/service/documents/list-sql";
import { oneStore } from "../helpers/service";
import { sharedServiceFor, simpleBody, expectValidation, type Client } from "./support";

jest.setTimeout(120_000);

const q = (params: Record<string, string>): string => `?${new URLSearchParams(params).toString()}`;
type Doc = { documentSerial: string; contactName: string; publishedOn: string; grandTotal: number; status: number; recordId: number };

describe.each(oneStore("postgres"))("list sortBy and filter (%s)", (store) => {
  const ctx = sharedServiceFor(store);
  let demo: Client;
  const list = async (path: string, params: Record<string, string>): Promise<Doc[]> => {
    const a = await demo.get(`${path}${q({ pageSize: "200", ...params })}`);
    expect(a.body).toMatchObject({ status: true });
    return a.body.data.list;
  };
  beforeAll(async () => {
    ({ demo } = ctx);
    const docs = [
      { contactName: "Beta Supplies", publishedOn: "2026-03-02", amount: 300 },
      { contactName: "Alpha Trading", publishedOn: "2026-03-05", amount: 100 },
      { contactName: "บริษัท ไทยเจริญ จำกัด", publishedOn: "2026-03-01", amount: 200, projectName: "โครงการสะพานข้ามคลอง" },
      { contactName: "Alpha Trading", publishedOn: "2026-03-03", amount: 400 },
    ];
    for (const d of docs) {
      const vat = d.amount * 0.07;
      await demo.post("/quotations", simpleBody({
        contactName: d.contactName, publishedOn: d.publishedOn, projectName: d.projectName ?? "", vatAmount: vat, totalAfterDiscount: d.amount,
        grandTotal: d.amount + vat,
      }, { quantity: 1, pricePerUnit: d.amount }));
    }
    const first = (await list("/quotations", { sortBy: "[{'name':'publishedOn','sortOrder':'asc'}]" }))[0];
    await demo.post(`/quotations/${first.recordId}/status/approved`);
  });

  it("sorts documents by each column of the facts, single quotes as in their examples", async () => {
    const dates = (await list("/quotations", { sortBy: "[{'name':'publishedOn','sortOrder':'asc'}]" })).map((d) => d.publishedOn);
    expect(dates).toEqual(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-05"]);
    const values = (await list("/quotations", { sortBy: '[{"name":"Value","sortOrder":"desc"}]' })).map((d) => d.grandTotal);
    expect(values).toEqual([428, 321, 214, 107]);
    const names = (await list("/quotations", { sortBy: "[{'name':'Contact.NameLocal','sortOrder':'asc'},{'name':'publishedOn','sortOrder':'desc'}]" }))
      .map((d) => `${d.contactName} ${d.publishedOn}`);
    expect(names).toEqual(["Alpha Trading 2026-03-05", "Alpha Trading 2026-03-03", "Beta Supplies 2026-03-02", "บริษัท ไทยเจริญ จำกัด 2026-03-01"]);
    const serials = (await list("/quotations", { sortBy: "[{'name':'documentserial','sortOrder':'DESC'}]" })).map((d) => d.documentSerial);
    expect(serials).toEqual([...serials].sort().reverse());
    const statuses = (await list("/quotations", { sortBy: "[{'name':'Status','sortOrder':'desc'}]" })).map((d) => d.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => b - a));
    expect(new Set(statuses).size).toBe(2);
  });

  it("pages a sorted list without overlap", async () => {
    const sortBy = "[{'name':'Contact.NameLocal','sortOrder':'asc'}]";
    const pages = [];
    for (let page = 1; page <= 4; page++) {
      const a = await demo.get(`/quotations${q({ sortBy, pageSize: "1", currentPage: String(page) })}`);
      expect(a.body.data.total).toBe(4);
      pages.push(a.body.data.list[0].documentSerial);
    }
    expect(pages).toEqual((await list("/quotations", { sortBy })).map((d) => d.documentSerial));
    // Narrowed by a filter: pages past the middle are read from the other end, the same rows.
    const filter = "[{'columnName':'Contact.NameLocal','columnValue':'a'}]";
    const valueSort = "[{'name':'Value','sortOrder':'asc'}]";
    const narrowed = [];
    for (let page = 1; page <= 4; page++) {
      const a = await demo.get(`/quotations${q({ sortBy: valueSort, filter, pageSize: "1", currentPage: String(page) })}`);
      expect(a.body.data.total).toBe(3);
      narrowed.push(...a.body.data.list.map((d: Doc) => d.grandTotal));
    }
    expect(narrowed).toEqual([107, 321, 428]);
  });

  it("filters documents by contact name (contains, any case) with And and Or", async () => {
    const filter = (value: string, extra = "") => `[{'columnName':'Contact.NameLocal','columnValue':'${value}','columnPredicateOperator':'And'}${extra}]`;
    const alpha = await demo.get(`/quotations${q({ filter: filter("alpha") })}`);
    expect(alpha.body.data.total).toBe(2);
    expect(alpha.body.data.list.map((d: Doc) => d.contactName)).toEqual(["Alpha Trading", "Alpha Trading"]);
    expect((await list("/quotations", { filter: filter("ไทยเจริญ") })).map((d) => d.contactName)).toEqual(["บริษัท ไทยเจริญ จำกัด"]);
    const either = await list("/quotations", { filter: filter("alpha", ",{'columnName':'Contact.NameLocal','columnValue':'beta','columnPredicateOperator':'Or'}") });
    expect(either).toHaveLength(3);
    expect(await list("/quotations", { filter: filter("alpha", ",{'columnName':'Contact.NameLocal','columnValue':'beta','columnPredicateOperator':'And'}") })).toEqual([]);
    // A project name is no contact name: the filter looks at its own column only.
    expect(await list("/quotations", { filter: filter("สะพาน") })).toEqual([]);
    expect((await demo.get(`/quotations${q({ filter: "[]", sortBy: "" })}`)).body.data.total).toBe(4);
  });

  it("joins names on one column by Or as one like any, And binding left to right, % and _ as letters, kept totals following writes", async () => {
    // Undo asks for the documents of ten contacts at once: the names become one array, the column lowered once.
    const order = { sort: [], filter: ["a", "b", "c"].map((value, i) => ({ column: "Contact.NameLocal", kind: "text" as const, value, or: i > 0 })) };
    const params: unknown[] = [];
    expect(whereSql({ companyId: 1, family: "billing-notes", order }, params).where.match(/like any/g)).toHaveLength(2);
    expect(params).toEqual([1, "billing-notes", "%a%", "%b%", "%c%"]);
    expect(matchSql({ companyId: 1, family: "billing-notes", order }).cond).toContain("lower(contact_name) like any(array[lower(%3$L), lower(%4$L), lower(%5$L)])");
    const make = async (contactName: string): Promise<void> => {
      expect((await demo.post("/billing-notes", simpleBody({ contactName, publishedOn: "2026-03-10" }))).body).toMatchObject({ status: true });
    };
    for (const name of ["Gamma 7% Co", "Delta_Parts", "Delta Parts", "Omega Mart"]) await make(name);
    const terms = (t: Array<[string, string, string?]>): string => JSON.stringify(t.map(([columnName, columnValue, op]) => ({ columnName, columnValue, ...(op ? { columnPredicateOperator: op } : {}) })));
    const names = async (filter: string, pageSize = "200"): Promise<{ total: number; names: string[] }> => {
      const a = await demo.get(`/billing-notes${q({ filter, pageSize, sortBy: "[{'name':'Contact.NameLocal','sortOrder':'asc'}]" })}`);
      return { total: a.body.data.total, names: a.body.data.list.map((d: Doc) => d.contactName) };
    };
    expect((await names(terms([["Contact.NameLocal", "GAMMA"], ["Contact.NameLocal", "omega", "Or"], ["Contact.NameLocal", "nobody", "Or"]]))).names).toEqual(["Gamma 7% Co", "Omega Mart"]);
    // % and _ are letters: "7%o" is no wildcard, "a_p" matches the underscore only.
    expect((await names(terms([["Contact.NameLocal", "7% c"], ["Contact.NameLocal", "a_p", "Or"]]))).names).toEqual(["Delta_Parts", "Gamma 7% Co"]);
    expect((await names(terms([["Contact.NameLocal", "7%o"], ["Contact.NameLocal", "a%p", "Or"]]))).names).toEqual([]);
    // Left to right: (gamma Or omega) And a serial none has is none; (gamma And nobody) Or omega is
    // omega; ((gamma Or delta) And parts) Or mart: an And between two runs of one column keeps them apart.
    expect((await names(terms([["Contact.NameLocal", "gamma"], ["Contact.NameLocal", "omega", "Or"], ["documentSerial", "zzz", "And"]]))).names).toEqual([]);
    expect((await names(terms([["Contact.NameLocal", "gamma"], ["Contact.NameLocal", "nobody", "And"], ["Contact.NameLocal", "omega", "Or"]]))).names).toEqual(["Omega Mart"]);
    expect((await names(terms([["Contact.NameLocal", "gamma"], ["Contact.NameLocal", "delta", "Or"], ["Contact.NameLocal", "parts", "And"], ["Contact.NameLocal", "mart", "Or"]]))).names)
      .toEqual(["Delta Parts", "Delta_Parts", "Omega Mart"]);
    // A kept total of an Or'd filter (counted: the page is full) follows the writes that match it.
    const either = terms([["Contact.NameLocal", "delta"], ["Contact.NameLocal", "omega", "Or"]]);
    expect((await names(either, "1")).total).toBe(3);
    await make("Omega Mart");
    await make("Sigma Ltd");
    expect((await names(either, "1")).total).toBe(4);
  });

  it("takes sortBy and filter on every family's list and refuses unknown columns and malformed JSON", async () => {
    for (const family of FAMILIES) {
      const path = `/${FAMILY_INFO[family].listPath}`;
      const ok = await demo.get(`${path}${q({ sortBy: "[{'name':'Value','sortOrder':'asc'}]", filter: "[{'columnName':'Contact.NameLocal','columnValue':'x'}]" })}`);
      expect(ok.body).toMatchObject({ status: true, data: { total: 0, list: [] } });
      expectValidation(await demo.get(`${path}${q({ sortBy: "[{'name':'Colour','sortOrder':'asc'}]" })}`),
        formatMessage(MESSAGES.sortByColumn, { name: "Colour", allowed: "publishedOn, documentSerial, Contact.NameLocal, Value, Status" }));
    }
    expectValidation(await demo.get(`/quotations${q({ filter: "[{'columnName':'grandTotal','columnValue':'1'}]" })}`),
      formatMessage(MESSAGES.filterColumn, { name: "grandTotal", allowed: "Contact.NameLocal, documentSerial" }));
    expectValidation(await demo.get(`/quotations${q({ sortBy: "[{'name':'publishedOn'" })}`), MESSAGES.sortByNotList);
    expectValidation(await demo.get(`/quotations${q({ sortBy: "{'name':'publishedOn'}" })}`), MESSAGES.sortByNotList);
    expectValidation(await demo.get(`/quotations${q({ filter: "Contact.NameLocal=Alpha" })}`), MESSAGES.filterNotList);
    expectValidation(await demo.get(`/quotations${q({ sortBy: "[{'name':'publishedOn','sortOrder':'up'}]" })}`), MESSAGES.sortOrderValue);
    expectValidation(await demo.get(`/quotations${q({ filter: "[{'columnName':'Contact.NameLocal','columnValue':'a','columnPredicateOperator':'Xor'}]" })}`), MESSAGES.filterOperator);
    expectValidation(await demo.get(`/quotations${q({ sortBy: JSON.stringify(Array(11).fill({ name: "Value" })) })}`),
      formatMessage(MESSAGES.listOrderTooMany, { max: 10 }));
  });

  it("still searches substrings of contact, project and serial, in Thai too", async () => {
    expect((await list("/quotations", { searchString: "ไทยเจริญ" })).map((d) => d.contactName)).toEqual(["บริษัท ไทยเจริญ จำกัด"]);
    expect((await list("/quotations", { searchString: "สะพานข้าม" })).map((d) => d.contactName)).toEqual(["บริษัท ไทยเจริญ จำกัด"]);
    expect(await list("/quotations", { searchString: "ALPHA TRAD" })).toHaveLength(2);
    const serial = (await list("/quotations", {}))[2].documentSerial;
    expect((await list("/quotations", { searchString: serial.slice(-6).toLowerCase() })).map((d) => d.documentSerial)).toEqual([serial]);
    // Search and filter together; the total counts what matches, not the page.
    const a = await demo.get(`/quotations${q({ searchString: "trading", filter: "[{'columnName':'Contact.NameLocal','columnValue':'alpha'}]", pageSize: "1" })}`);
    expect(a.body.data).toMatchObject({ total: 2, currentPage: 1 });
    expect(a.body.data.list).toHaveLength(1);
    // A control character is no text to search for (the three fields searched are joined by one):
    // refused with the field, never a match across two fields.
    expect((await demo.get(`/quotations${q({ searchString: "จำกัด\u0001โครงการ" })}`)).http).toBe(400);
  });

  it("sorts and filters contacts by the facts' columns", async () => {
    for (const [name, person, type] of [["Zeta Parts", "Somchai Zq", 5], ["Mu Logistics", "Anan Zq", 3], ["Kappa Foods", "Mali Zq", 5]] as const) {
      expect((await demo.post("/contacts", { contactGroup: 3, contactType: type, contactName: name, contactPerson: person, contactEmail: `${person.split(" ")[0]}@example.com` })).http).toBe(200);
    }
    type Contact = { contactName: string; contactPerson?: string; contactType: number };
    const contacts = async (params: Record<string, string>): Promise<Contact[]> => (await demo.get(`/contacts${q({ pageSize: "200", ...params })}`)).body.data.list;
    const vendors = await contacts({ filter: "[{'columnName':'contactType','columnValue':'5','columnPredicateOperator':'And'}]", sortBy: "[{'name':'namelocal','sortOrder':'asc'}]" });
    expect(vendors.map((c) => c.contactName)).toEqual(expect.arrayContaining(["Kappa Foods", "Zeta Parts"]));
    expect(vendors.every((c) => c.contactType === 5)).toBe(true);
    const names = vendors.map((c) => c.contactName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byPerson = await contacts({ filter: "[{'columnName':'contactPerson','columnValue':'ZQ'}]", sortBy: "[{'name':'contactPerson','sortOrder':'desc'}]" });
    expect(byPerson.map((c) => c.contactPerson)).toEqual(["Somchai Zq", "Mali Zq", "Anan Zq"]);
    const all = await demo.get(`/contacts${q({ filter: "[{'columnName':'namelocal','columnValue':'kappa'}]" })}`);
    expect(all.body.data).toMatchObject({ total: 1, list: [{ contactName: "Kappa Foods" }] });
    // Names joined by Or (as a post's look-ups send them, read as one `like any`), and And binding
    // left to right: (zeta Or mu) And type 5, but zeta And type 3 Or kappa.
    const filtered = async (terms: Array<[string, string, string?]>): Promise<string[]> => (await contacts({
      filter: JSON.stringify(terms.map(([columnName, columnValue, op]) => ({ columnName, columnValue, ...(op ? { columnPredicateOperator: op } : {}) }))),
      sortBy: "[{'name':'namelocal','sortOrder':'asc'}]",
    })).map((c) => c.contactName);
    expect(await filtered([["namelocal", "ZETA"], ["namelocal", "mu log", "Or"], ["namelocal", "kappa", "Or"]])).toEqual(["Kappa Foods", "Mu Logistics", "Zeta Parts"]);
    expect(await filtered([["namelocal", "zeta"], ["namelocal", "mu", "Or"], ["contactType", "5", "And"]])).toEqual(["Zeta Parts"]);
    expect(await filtered([["namelocal", "zeta"], ["contactType", "3", "And"], ["namelocal", "kappa", "Or"]])).toEqual(["Kappa Foods"]);
    expect(await filtered([["contactType", "3"], ["namelocal", "zeta", "And"], ["namelocal", "kappa", "Or"]])).toEqual(["Kappa Foods"]);
    // A pattern's own % and _ are letters, not wildcards, among several names too.
    expect(await filtered([["namelocal", "100%"], ["namelocal", "k_ppa", "Or"]])).toEqual([]);
    expectValidation(await demo.get(`/contacts${q({ sortBy: "[{'name':'Contact.NameLocal','sortOrder':'asc'}]" })}`),
      formatMessage(MESSAGES.sortByColumn, { name: "Contact.NameLocal", allowed: "namelocal, contactPerson, email, phone2, contactType" }));
    expectValidation(await demo.get(`/contacts${q({ filter: "[{'columnName':'contactType','columnValue':'vendor'}]" })}`),
      formatMessage(MESSAGES.filterValueNumber, { name: "contactType" }));
  });

  it("sorts and filters products by the facts' columns", async () => {
    for (const [code, name, barcode] of [["P-300", "Green tea", "885000000003"], ["P-100", "Black tea", "885000000001"], ["P-200", "Coffee", "885000000002"]]) {
      expect((await demo.post("/products", { type: 3, code, name, barcode, unitName: "pc", sellPrice: 10, sellVatType: 3 })).http).toBe(200);
    }
    type Product = { code: string; name: string };
    const products = async (params: Record<string, string>): Promise<Product[]> => (await demo.get(`/products${q({ pageSize: "200", ...params })}`)).body.data.list;
    const codes = (await products({ filter: "[{'columnName':'productCode','columnValue':'P-'}]", sortBy: "[{'name':'productCode','sortOrder':'desc'}]" })).map((p) => p.code);
    expect(codes).toEqual(["P-300", "P-200", "P-100"]);
    expect((await products({ filter: "[{'columnName':'name','columnValue':'TEA'}]", sortBy: "[{'name':'name','sortOrder':'asc'}]" })).map((p) => p.name))
      .toEqual(["Black tea", "Green tea"]);
    expect((await products({ filter: "[{'columnName':'barcode','columnValue':'0002'}]" })).map((p) => p.code)).toEqual(["P-200"]);
    expectValidation(await demo.get(`/products${q({ filter: "[{'columnName':'colour','columnValue':'red'}]" })}`),
      formatMessage(MESSAGES.filterColumn, { name: "colour", allowed: "name, productCode, barcode, categoryId" }));
  });
});
