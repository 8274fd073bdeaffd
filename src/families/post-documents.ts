// The document families' posting (families/posting.ts): read with the company's expense categories,
// checked by checkSheet, sent by the operation each document was built for, found again by the
// marker in internalNotes over the documents' dates (jobs/find.ts), raced as race.ts's documentRaces.
import type { DocumentRecord } from "../api";
import type { Family } from "../rules/codes";
import { carriedTotals, type BuiltDocument } from "../sheet/body";
import { checkSheet } from "../sheet/check";
import type { CellFinding } from "../sheet/findings";
import { statusText } from "../sheet/i18n/status";
import { readDocuments } from "../sheet/read";
import { vatTreatmentFindings } from "../sheet/vat-treatment";
import { expenseCategoriesFor } from "../jobs/categories";
import { documentsByMarker } from "../jobs/find";
import { documentRaces } from "../jobs/race";
import { sendBuilt } from "../jobs/send-built";
import { taxInvoiceFindings } from "../jobs/tax-invoice";
import type { Posting } from "./posting";
import type { Json } from "../rules/json";

const nameIn = (body: Json): string | undefined => (typeof body.contactName === "string" && body.contactName.trim() ? body.contactName.trim() : undefined);

/** The span of the bodies' dates (today's when none has one). */
function dateSpan(bodies: readonly Json[]): { startDate: string; endDate: string } {
  let start = "9999-12-31";
  let end = "0000-01-01";
  for (const b of bodies) {
    const d = String(b.publishedOn ?? "");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) continue;
    if (d < start) start = d;
    if (d > end) end = d;
  }
  if (start > end) start = end = new Date().toISOString().slice(0, 10);
  return { startDate: start, endDate: end };
}

export function documentPosting(family: Family): Posting<BuiltDocument> {
  return {
    read: async (block, o) => {
      const categories = await expenseCategoriesFor(o.client, family, o.signal);
      return readDocuments(block, { mapping: o.mapping, family, categories });
    },
    check: (read, o) => {
      const { documents, findings: shown } = checkSheet(read, family, o.today, o.markerOf);
      // A sheet that does not say what VAT its documents carry sends none of them (vat-treatment.ts).
      const vat = vatTreatmentFindings(read);
      const vatKeys = new Set(vat.map((f) => `${f.cell}\u0000${f.message}`));
      const errors: CellFinding[] = [];
      const records = documents.map(({ doc, built, findings }) => {
        const own = findings.filter((f) => f.severity === "error");
        errors.push(...own.filter((f) => !vatKeys.has(`${f.cell}\u0000${f.message}`)));
        const fromRead = read.findings.filter((f) => doc.rows.includes(f.row) && f.severity === "error");
        return { doc, marker: o.markerOf(doc), body: built.body as Json, built, problems: [...own, ...fromRead] };
      });
      return { records, findings: [...read.findings, ...vat, ...errors], shown };
    },
    figures: (p) => carriedTotals(p.built),
    warnings: (client, read, records, signal) => taxInvoiceFindings(client, family, read.layout, records, signal),
    makesContacts: true,
    send: (client, p) => sendBuilt(client.documents(family), p.built),
    byMarker: (client, bodies, wanted, signal) => {
      // One document's look-up lists its contact's documents only.
      const searchString = bodies.length === 1 ? nameIn(bodies[0]) : undefined;
      return documentsByMarker(client, family, { ...dateSpan(bodies), ...(searchString ? { searchString } : {}), ...(signal ? { signal } : {}) }, wanted);
    },
    races: (client) => documentRaces(client, family),
    statusWord: (rec: DocumentRecord | undefined, lang) => statusText(rec?.statusString ?? "awaiting", lang, family),
  };
}
