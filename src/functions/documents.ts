// The documents a function speaks of: a family's documents in a span of dates, of a contact, of a
// status, read through the functions' reads (which read the spans asked together at once: jobs/
// figures.ts); without a span the family is read whole. Pure over the reads.
import type { DocumentRecord } from "../api";
import type { Family } from "../rules/codes";
import type { FigureReads } from "../jobs/figures";
import { Decimal, ZERO, parseDecimal } from "../rules/money";
import { normalizeName } from "../sheet/fields";

export interface DocumentFilter {
  from?: string;
  to?: string;
  /** A status word; without one, void documents are left out. */
  status?: string;
  /** A contact's name or code. */
  contact?: string;
}

const dateOf = (d: DocumentRecord): string => (typeof d.publishedOn === "string" ? d.publishedOn.slice(0, 10) : "");

export function contactMatches(d: Record<string, unknown>, contact: string): boolean {
  const want = normalizeName(contact);
  return [d.contactName, d.contactCode].some((v) => typeof v === "string" && normalizeName(v) === want);
}

/** What a filter kept of a read, by the read's answer: a thousand cells of 36 filters filter 36 times. */
const filtered = new WeakMap<readonly DocumentRecord[], Map<string, DocumentRecord[]>>();

function keep(docs: readonly DocumentRecord[], f: DocumentFilter): DocumentRecord[] {
  let byFilter = filtered.get(docs);
  if (!byFilter) filtered.set(docs, (byFilter = new Map()));
  const key = JSON.stringify([f.from, f.to, f.status, f.contact]);
  let kept = byFilter.get(key);
  if (!kept) {
    kept = docs.filter((d) => {
      const date = dateOf(d);
      if (f.from && date < f.from) return false;
      if (f.to && date > f.to) return false;
      if (f.status ? d.statusString !== f.status : d.statusString === "void") return false;
      return !f.contact || contactMatches(d, f.contact);
    });
    byFilter.set(key, kept);
  }
  return kept;
}

export async function documentsOf(reads: FigureReads, family: Family, f: DocumentFilter): Promise<DocumentRecord[]> {
  return keep(await reads.documentsIn(family, f.from, f.to), f);
}

/** A money field summed over what a filter kept, once per kept list: a thousand cells share 108 sums. */
const sums = new WeakMap<readonly DocumentRecord[], Map<string, Decimal>>();

export function sumOf(docs: readonly DocumentRecord[], field: string): Decimal {
  let byField = sums.get(docs);
  if (!byField) sums.set(docs, (byField = new Map()));
  let sum = byField.get(field);
  if (sum === undefined) {
    sum = docs.reduce((s, d) => s.plus(parseDecimal(d[field]) ?? ZERO), ZERO);
    byField.set(field, sum);
  }
  return sum;
}
