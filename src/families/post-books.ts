// The books' posting (families/posting.ts): journal vouchers, contacts and products, read as their
// sheets are and checked by checkBook (accounts from the company's chart where the entry uses them,
// or without a connection from the lists sheet's),
// sent by the entry's sendBook, found again as the entry's recovery says: by the marker in the field
// its records carry (a voucher's note, a contact's contactNote: a record carrying the row's marker
// is the row's, made by an earlier run), else by identity. A record of the row's identity the
// service had before is the row's but not the run's ("existing", never undone); a product, which
// carries no marker, is claimed as an earlier run's only when that run's post record says it was
// about to create it (saved before sending) and every field is the row's. Rows naming one identity
// alike are one record. Raced by identity, or by marker where there is none (jobs/book-races.ts);
// a loser the service cannot delete (a voucher) is said at its row.
import type { DocSheetClient, DocumentRecord } from "../api";
import type { BookFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import { accountIndex, chartOf, type AccountIndex, type ChartAccount } from "../sheet/books/accounts";
import { listEntries } from "../sheet/lookups";
import type { CellValue } from "../workbook/port";
import { checkBook } from "../sheet/books/build";
import type { BuiltBook } from "../sheet/books/built";
import { differingFields } from "../sheet/books/identity";
import { sortFindings, type CellFinding } from "../sheet/findings";
import { render } from "../sheet/i18n/render";
import { resultMsg } from "../sheet/i18n/results";
import { hasMarker } from "../sheet/marker";
import { sheetMsg } from "../sheet/messages";
import { accountsChanged, bookIndexOf, fieldLabel, idOf, readBook } from "../jobs/book-parts";
import { answerOf, bookRaces, bookRecord, identityKey, listedTerm } from "../jobs/book-races";
import { errorText } from "../jobs/error-text";
import { familyEntry } from ".";
import type { Before, Found, PostBuilt, Posting } from "./posting";

const CODE_TAKEN = /(PRODUCT|CONTACT)_CODE_DUPLICATE/;

/** The chart the lists sheet holds ("41111 Sales revenue" labels: template or Refresh lists with a
 * connection), so a check without a connection knows the accounts; none without lists. */
function listedAccounts(lists: CellValue[][] | undefined): AccountIndex | undefined {
  const chart = (lists ? listEntries(lists, "accounts") : []).flatMap((e): ChartAccount[] => {
    const m = /^(\S+)\s*(.*)$/.exec(e.label);
    return m ? [{ id: e.id, code: m[1], nameLocal: m[2], nameForeign: m[2] }] : [];
  });
  return chart.length > 0 ? accountIndex(chart) : undefined;
}

export function bookPosting(family: BookFamily): Posting<BuiltBook> {
  const entry = familyEntry(family);
  /** The company's chart, read with the sheet where the family's records name accounts. */
  let accounts: AccountIndex | undefined;

  /** Whether a record found by identity is the one a killed run of its row made: that run was about
   * to create its identity, it was made after that run looked, and it carries the row's marker (a
   * contact, in contactNote) or, where it can carry none (a product), holds every field (and
   * account) the row gives. One a person made meanwhile is never claimed, so never undone. */
  const madeByKilled = async (client: DocSheetClient, p: PostBuilt<BuiltBook>, key: string, record: Json, before: Before, signal?: AbortSignal): Promise<boolean> => {
    if (!before.pending.has(key) || !(idOf(record) > before.knownMax)) return false;
    if (entry.recovery.by === "marker") return hasMarker(record[entry.recovery.field], p.marker);
    const copy = await entry.store(client).get(idOf(record), signal);
    if (differingFields(p.body, copy).length > 0) return false;
    const master = p.built.master;
    return !master || accountsChanged(master, (await client.productMasters.get(idOf(record), { signal })) as Json).length === 0;
  };

  return {
    read: async (block, o) => {
      // Without a connection (a check), the chart the lists sheet holds, if any.
      if (entry.usesAccounts) accounts = o.client ? accountIndex(chartOf((await o.client.chartOfAccounts.list({ signal: o.signal })) as Json[])) : listedAccounts(block.lists);
      return readBook(block, family, o.mapping);
    },
    check: (read, o) => {
      const findings: CellFinding[] = [...read.findings];
      const records: PostBuilt<BuiltBook>[] = [];
      const byIdentity = new Map<string, PostBuilt<BuiltBook>>();
      for (const built of checkBook({ ...read, findings: [] }, family, accounts, o.markerOf).built) {
        const doc = built.doc;
        if (doc.fields.recordId) continue;
        findings.push(...built.findings);
        const problems = sortFindings([...built.findings, ...read.findings.filter((f) => doc.rows.includes(f.row))].filter((f) => f.severity === "error"));
        const key = problems.length === 0 && built.body ? identityKey(family, built.body) : "";
        // Rows alike of one identity (check noted them; rows that differ are errors): one record.
        const first = key ? byIdentity.get(key) : undefined;
        if (first) {
          (first.also ??= []).push(doc);
          continue;
        }
        const p: PostBuilt<BuiltBook> = { doc, marker: o.markerOf(doc), body: (built.body ?? {}) as Json, built, problems };
        if (key) {
          p.sameAs = sheetMsg(entry.record === "Contact" ? "sameContactAsRow" : "sameProductAsRow", { row: doc.firstRow + 1 });
          byIdentity.set(key, p);
        }
        records.push(p);
      }
      return { records, findings };
    },
    makesContacts: false,
    send: async (client, p, o) => {
      if (!entry.sendBook || !p.built.body) throw new Error("a record with problems is never sent");
      return bookRecord(family, await entry.sendBook(client, p.built, p.marker, { draft: o.draft === true, signal: o.signal }));
    },
    refused: async (client, p, err, signal) => {
      // The service keeps codes unique: another post (or a person) made it since the look-up.
      if (!CODE_TAKEN.test(errorText(err))) return undefined;
      const hit = (await bookIndexOf(client, family, signal)).find(p.body, p.marker);
      return hit ? bookRecord(family, hit) : undefined;
    },
    existing: async (client, records, { before, lang, signal }) => {
      const index = await bookIndexOf(client, family, signal);
      const found = new Map<string, Found>();
      const pending: string[] = [];
      for (const p of records) {
        const hit = index.find(p.body, p.marker);
        const key = identityKey(family, p.body);
        if (!hit) {
          if (key) pending.push(key);
          continue;
        }
        // A record of no identity (a voucher) is found by its row's marker only: this sheet's.
        const claimed = !key || before.created.has(idOf(hit)) || await madeByKilled(client, p, key, hit, before, signal);
        // A record of the row's identity the service had (a person's, another sheet's): its id is the
        // row's, and what it holds otherwise (of what the list shows) is said, not sent over it.
        const differs = claimed ? [] : differingFields(p.body, hit).filter((k) => k in hit);
        const fields = [...new Set(differs.map((k) => fieldLabel(family, k, lang)))].join(", ");
        found.set(p.marker, { record: bookRecord(family, hit), claimed, ...(claimed ? {} : { msg: fields ? resultMsg("foundOnServiceDiffers", { fields }) : resultMsg("foundOnService") }) });
      }
      // Records found by identity are claimed after a kill by what the run was about to create.
      return { found, ...(entry.identities.length > 0 ? { pending, knownMax: index.maxId } : {}) };
    },
    byMarker: async (client, bodies, wanted, signal) => {
      // In the bodies' order, one marker each (a create whose answer was lost asks for its one).
      const index = await bookIndexOf(client, family, signal);
      const markers = [...wanted];
      const out = new Map<string, DocumentRecord>();
      bodies.forEach((body, i) => {
        const hit = markers[i] === undefined ? undefined : index.find(body, markers[i]);
        if (hit) out.set(markers[i], bookRecord(family, hit));
      });
      return out;
    },
    races: (client) => bookRaces(client, family),
    // A voucher's read-back lists its date's vouchers, however many wait: a page's worth share one.
    readBackMax: 200,
    raceLookup: (p, own) => {
      const key = identityKey(family, p.body);
      if (key) return { key, date: "", search: listedTerm(family, answerOf(own)) };
      // By its marker among the records of its date (a voucher's).
      const date = String(answerOf(own).documentDate ?? p.body.documentDate ?? "").slice(0, 10);
      return entry.recovery.by === "marker" ? { key: p.marker, date } : undefined;
    },
    stuckMsg: ({ serial, winner, id, reason, lostAnswer }) => {
      // The service cannot delete the loser (a voucher): the row names the duplicate.
      if (entry.raceLoser === "report") return resultMsg(lostAnswer ? "journalRaceLost" : "journalRaceTwin", { serial, winner, id });
      return lostAnswer || !reason ? undefined : resultMsg("raceStuckDelete", { serial, winner, reason });
    },
    statusWord: (rec, lang) => render(resultMsg(rec?.statusString === "draft" ? "journalDraft" : "journalApproved"), lang),
  };
}
