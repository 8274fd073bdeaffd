// The worksheet functions' reads (src/functions): every read is a list, a report or a record, kept
// by its query for the session, so a thousand cells asking for the same list share one read, and
// cells asking at once share the read in flight. A family's documents of a span of dates are read
// once for every span asked at the same time (a recalculation calls its cells together): one read
// of the span from the first day asked to the last, which later spans inside it share; a sheet of
// this month's figures reads this month, not the year. "Refresh figures" clears it all. Reads only:
// nothing here creates, changes or deletes a thing on the service.
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
  /** A family's documents issued from `from` to `to` (YYYY-MM-DD), and maybe others around them:
   * the caller keeps those of its span. Without both days, all of them. */
  documentsIn(family: Family, from?: string, to?: string): Promise<DocumentRecord[]>;
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

interface SpanRead {
  from: string;
  to: string;
  docs: Promise<DocumentRecord[]>;
}

export function figureReads(client: DocSheetClient): FigureReads {
  let cache = new Map<string, Promise<unknown>>();
  /** The spans read (or being read) of each family. */
  let spans = new Map<Family, SpanRead[]>();
  /** Spans asked since the last read started, answered together by one read. */
  let asked = new Map<Family, { from: string; to: string; answer: (docs: Promise<DocumentRecord[]>) => void }[]>();
  let flushing = false;
  const documents = (family: Family, query: Pick<ListQuery, "range" | "startDate" | "endDate" | "searchString">) =>
    kept(["documents", family, query], () => everyPage(client.documents(family).listAll({ ...query }), (d) => d.recordId));
  function readAsked(): void {
    flushing = false;
    const now = asked;
    asked = new Map();
    for (const [family, wants] of now) {
      const from = wants.reduce((m, w) => (w.from < m ? w.from : m), wants[0].from);
      const to = wants.reduce((m, w) => (w.to > m ? w.to : m), wants[0].to);
      const span: SpanRead = { from, to, docs: documents(family, { range: 5, startDate: from, endDate: to }) };
      const own = spans;
      own.set(family, [...(own.get(family) ?? []), span]);
      // A failed read is read again next time.
      span.docs.catch(() => own.set(family, (own.get(family) ?? []).filter((s) => s !== span)));
      for (const w of wants) w.answer(span.docs);
    }
  }
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
    documents,
    documentsIn: (family, from, to) => {
      if (!from || !to) return documents(family, {});
      const covering = spans.get(family)?.find((s) => s.from <= from && s.to >= to);
      if (covering) return covering.docs;
      return new Promise((answer) => {
        asked.set(family, [...(asked.get(family) ?? []), { from, to, answer }]);
        // The calls of one recalculation come together: the read starts once they have all asked.
        if (!flushing) {
          flushing = true;
          setTimeout(readAsked, 0);
        }
      });
    },
    owing: (family, doc, asOf) => kept(["owing", family, doc.recordId, asOf ?? null], () => owingDue(client, doc, undefined, asOf)),
    vat: (month) => kept(["vat", month], () => readVatReport(client, { month })),
    wht: (month) => kept(["wht", month], () => readWhtReport(client, { month })),
    contacts: () => kept(["contacts"], () => everyPage(client.contacts.listAll({}), (c) => c.id)),
    products: () => kept(["products"], () => everyPage(client.products.listAll({}), (p) => p.id)),
    accounts: () => kept(["accounts"], () => client.chartOfAccounts.list()),
    clear: () => {
      cache = new Map();
      spans = new Map();
    },
  };
}
