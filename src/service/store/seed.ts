// Demo data created on an empty store: two companies, so a user (and the tests) can see company
// isolation, each with the master data documents and payments need.
import { sql } from "drizzle-orm";
import type { Db } from "./database";
import { chartOfAccounts, companies, contacts, expenseCategories, paymentChannels, products } from "./schema";

interface DemoCompany {
  clientId: string;
  clientSecret: string;
  name: string;
  nameEn: string;
  taxId: string;
  customer: string;
}

export const DEMO_COMPANIES: DemoCompany[] = [
  { clientId: "demo", clientSecret: "demo-secret", name: "Demo Co., Ltd.", nameEn: "Demo Co., Ltd.", taxId: "0105559000000", customer: "Acme Trading Co., Ltd." },
  { clientId: "other", clientSecret: "other-secret", name: "Other Co., Ltd.", nameEn: "Other Co., Ltd.", taxId: "0105559000018", customer: "Globex Co., Ltd." },
];

const CHART: Array<[code: string, nameLocal: string, nameForeign: string, category: number]> = [
  ["11111", "เงินสด", "Cash", 1],
  ["11131", "เงินฝากธนาคาร - กระแสรายวัน", "Bank - current account", 1],
  ["11310", "ลูกหนี้การค้า", "Trade receivables", 1],
  ["21111", "เจ้าหนี้การค้า", "Trade payables", 2],
  ["21399", "ค่าใช้จ่ายค้างจ่ายอื่น", "Other accrued expenses", 2],
  ["21420", "ภาษีขาย", "Output VAT", 2],
  ["31111", "ทุนจดทะเบียน", "Registered capital", 3],
  ["41111", "รายได้จากการขาย", "Sales revenue", 4],
  ["41210", "รายได้จากการให้บริการ", "Service revenue", 4],
  ["51111.02", "ซื้อสินค้า", "Purchases", 5],
  ["53029", "ค่าเดินทาง", "Travel expenses", 5],
  ["53030", "ค่าเครื่องเขียนแบบพิมพ์", "Office supplies", 5],
];

/** The same two categories in both views; systemCode is a number, as the real service's (1001 in its examples). */
function categories(): Record<string, unknown>[] {
  const debit = (code: string): Record<string, unknown> => {
    const a = CHART.find((c) => c[0] === code)!;
    return { debitCategory: a[3], debitCode: a[0], debitNameLocal: a[1], debitNameForeign: a[2] };
  };
  const credit = { creditCategory: 2, creditCode: "21399", creditNameLocal: "ค่าใช้จ่ายค้างจ่ายอื่น", creditNameForeign: "Other accrued expenses" };
  const rows = [
    { systemCode: 1001, categoryNameLocal: "ค่าเดินทาง", categoryNameForeign: "Travel", debit: "53029", keywords: "taxi,fuel,travel" },
    { systemCode: 1002, categoryNameLocal: "ค่าเครื่องเขียน", categoryNameForeign: "Office supplies", debit: "53030", keywords: "paper,stationery" },
  ];
  return rows.map(({ debit: d, ...r }) => ({ ...r, ...debit(d), ...credit }));
}

async function seedCompany(db: Db, demo: DemoCompany): Promise<void> {
  const [company] = await db.insert(companies).values({
    clientId: demo.clientId,
    clientSecret: demo.clientSecret,
    info: {
      companyType: "10",
      compnayName: demo.name,
      companyName: demo.name,
      companyNameEn: demo.nameEn,
      companyAddress: "99 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร",
      companyAddressEn: "99 Sukhumvit Road, Khlong Toei, Bangkok",
      companyZipCode: "10110",
      companyTaxId: demo.taxId,
      companyBranch: "สำนักงานใหญ่",
      companyBranchEn: "Head office",
      companyBranchCode: "00000",
      companyPhone: "02-000-0000",
      companyMobile: "081-000-0000",
      companyFax: "",
      companyWebsite: "",
    },
  }).returning();
  const companyId = company.id;
  const contact = (name: string, code: string, contactType: number, extra: Record<string, unknown> = {}) => ({
    companyId, contactCode: code, contactName: name,
    body: {
      contactGroup: 3, contactType, contactCode: code, contactName: name, contactAddress: "1 Silom Road, Bang Rak, Bangkok",
      contactZipCode: "10500", contactTaxId: "0105550000007", contactBranch: "สำนักงานใหญ่", contactPerson: "Somchai",
      contactEmail: "accounts@example.com", contactMobile: "089-999-9999", contactCreditDays: 30, ...extra,
    },
  });
  await db.insert(contacts).values([
    contact(demo.customer, "C0001", 3),
    contact("Supply Partner Co., Ltd.", "V0001", 5, { contactTaxId: "0105550000015", contactPerson: "Suda" }),
    contact("Walk-in customer", "", 3, { contactGroup: 1, contactTaxId: "", contactAddress: "", contactCreditDays: 0 }),
  ]);
  await db.insert(products).values([
    { companyId, code: "P0001", name: "Consulting hour", body: { type: 1, code: "P0001", name: "Consulting hour", unitName: "hour", sellPrice: 1500, sellVatType: 3, sellDescription: "Consulting", buyPrice: 0, buyVatType: 3 } },
    { companyId, code: "P0002", name: "A4 paper box", body: { type: 3, code: "P0002", name: "A4 paper box", unitName: "box", sellPrice: 650, sellVatType: 3, buyPrice: 500, buyVatType: 3 } },
  ]);
  await db.insert(paymentChannels).values([
    { companyId, kind: "bank", body: { bankAccountNumber: "123-4-56789-0", bankAccountName: demo.nameEn, bankAccountType: 3, bankBranch: "Silom", bankId: 1, bankName: "Bangkok Bank" } },
    { companyId, kind: "cheque", body: { name: "Cheque - Bangkok Bank", bankId: 1, bankName: "Bangkok Bank", bankAccountNumber: "123-4-56789-0" } },
    { companyId, kind: "credit-card", body: { name: "Company Visa", bankId: 2, bankName: "Kasikorn Bank", creditCardNumber: "XXXX-XXXX-XXXX-4242" } },
    { companyId, kind: "petty-cash", body: { name: "Office petty cash", custodian: "Somsri" } },
    { companyId, kind: "other", body: { name: "PromptPay QR" } },
  ]);
  await db.insert(expenseCategories).values([
    ...categories().map((body) => ({ companyId, view: 3, body })),
    ...categories().map((body) => ({ companyId, view: 1, body })),
  ]);
  await db.insert(chartOfAccounts).values(CHART.map(([code, nameLocal, nameForeign, category]) => ({
    companyId, code, body: { code, nameLocal, nameForeign, category, isActive: true },
  })));
}

/** Creates the demo companies when the store has no company at all. */
export async function seedDemoData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // One seeder at a time, even when two services start on the same PostgreSQL database.
    await tx.execute(sql`select pg_advisory_xact_lock(8787)`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(companies);
    if (n > 0) return;
    for (const demo of DEMO_COMPANIES) await seedCompany(tx as unknown as Db, demo);
  });
}
