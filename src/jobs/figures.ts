// The worksheet functions' reads (src/functions): every read is a list, a report or a record, kept
// by its query for the session, so a thousand cells asking for the same list share one read, and
// cells asking at once share the read in flight. "Refresh figures" clears it. Reads only: nothing
// here creates, changes or deletes a thing on the service.
import type { ChartOfAccount, Contact, DocSheetClient, DocumentRecord, ListQuery, Product } from "../api";
import type { Family } from "../rules/codes";
import type { PaymentDue } from "../rules/settlement";
import type { WhtReport } from "../sheet/wht-report";
import { connectedCompany, type CompanyStamp } from "./company";
import { owingDue } from "./owing";
import { readVatReport, type VatReport } from "./vat-report";
import { readWhtReport } from "./wht-report";

export interface FigureReads {
  company(): Promise<CompanyStamp>;
  /** A family's documents of the query (`{}`: all of them), each once. */
  documents(family: Family, query: Pick<ListQuery, "range" | "startDate" | "endDate" | "searchString">): Promise<DocumentRecord[]>;
  /** What is still due on a document (its receipts read), now or as it stood at the end of `asOf`. */
  owing(family: Family, doc: DocumentRecord, asOf?: string): Promise<PaymentDue | null>;
  vat(month: string): Promise<VatReport>;
  wht(month: string): Promise<WhtReport>;
  contacts(): Promise<Contact[]>;
  products(): Promise<Product[]>;
  accounts(): Promise<ChartOfAccount[]>;
  /** Forgets every answer: the next call reads again. */
  clear(): void;
}

async function everyPage<T extends object>(pages: AsyncGenerator<{ list: T[] }>, id: (r: T) => unknown): Promise<T[]> {
  const seen = new Map<unknown, T>();
  // Pages may shift while they are read: a record is kept once.
  for await (const page of pages) for (const r of page.list) seen.set(id(r) ?? seen.size, r);
  return [...seen.values()];
}

export function figureReads(client: DocSheetClient): FigureReads {
  let cache = new Map<string, Promise<unknown>>();
  function kept<T>(key: unknown[], read: () => Promise<T>): Promise<T> {
    const k = JSON.stringify(key);
    let p = cache.get(k) as Promise<T> | undefined;
    if (!p) {
      const own = cache;
      p = read();
      // A failed read is read again next time.
      p.catch(() => { if (own.get(k) === p) own.delete(k); });
      cache.set(k, p);
    }
    return p;
  }
  return {
    company: () => connectedCompany(client),
    documents: (family, query) =>
      kept(["documents", family, query], () => everyPage(client.documents(family).listAll({ ...query }), (d) => d.recordId)),
    owing: (family, doc, asOf) => kept(["owing", family, doc.recordId, asOf ?? null], () => owingDue(client, doc, undefined, asOf)),
    vat: (month) => kept(["vat", month], () => readVatReport(client, { month })),
    wht: (month) => kept(["wht", month], () => readWhtReport(client, { month })),
    contacts: () => kept(["contacts"], () => everyPage(client.contacts.listAll({}), (c) => c.id)),
    products: () => kept(["products"], () => everyPage(client.products.listAll({}), (p) => p.id)),
    accounts: () => kept(["accounts"], () => client.chartOfAccounts.list()),
    clear: () => {
      cache = new Map();
    },
  };
}
