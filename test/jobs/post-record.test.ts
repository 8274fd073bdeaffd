// A post's record (jobs/post-record.ts) is written from each entry's JSON kept since it was made, so a
// long run's checkpoints do not write every entry again: the text must stay the record JSON.stringify
// would write (the same keys in the same order, in the sheet's order), at every checkpoint.
import { PostRecorder, contactSealOf, loadPostRecord, postRecordKey, sealOf } from "../../src/jobs/post-record";
import type { DocumentRecord } from "../../src/api";
import type { SheetDocument } from "../../src/sheet/sheet-document";
import { MemoryWorkbook } from "../../src/workbook/memory";

const doc = (key: string, row: number) => ({ key, rows: [row], firstRow: row }) as unknown as SheetDocument;
const answer = (recordId: number, contactId: number, name: string) => ({
  recordId, documentSerial: `IV-${recordId}`, publishedOn: "2026-11-05T00:00:00", statusString: "awaiting", contactId, contactName: name,
  internalNotes: "", items: [],
}) as unknown as DocumentRecord;

it("checkpoints write the record JSON.stringify would, entries in sheet order, contacts sealed", async () => {
  const wb = new MemoryWorkbook({ Post: [] });
  const recorder = new PostRecorder("tax-invoices", "Post");
  recorder.company = { id: "c1", name: "Demo Co", taxId: "0105551234567" } as never;
  // Contacts known before the run: 7. The run's documents name 7 (known) and 41, 42 (made by the service).
  (recorder as unknown as { known: Set<number> }).known = new Set([7]);
  recorder.created(doc("B", 5), answer(12, 41, "Bee Co"));
  recorder.created(doc("A", 3), answer(11, 7, "Known Co"));
  await recorder.save(wb, new Date("2026-11-28T01:00:00Z"), true);
  const first = (await wb.loadRecord(postRecordKey("tax-invoices")))!;
  expect(JSON.stringify(JSON.parse(first))).toBe(first);
  expect(Object.keys(JSON.parse(first))).toEqual(["version", "family", "sheet", "at", "documents", "contacts", "company", "partial"]);

  // Read once the run made it: its entry now carries its fingerprint, sealed with it.
  (recorder as unknown as { contactCopies: Map<number, string> }).contactCopies.set(41, "f-41");
  recorder.posted(doc("C", 7), 13, "IV-13");
  recorder.created(doc("D", 9), answer(14, 42, "Dee Co"));
  await recorder.save(wb, new Date("2026-11-28T01:00:05Z"));
  const record = (await loadPostRecord(wb, "tax-invoices"))!;
  const text = (await wb.loadRecord(postRecordKey("tax-invoices")))!;
  expect(JSON.stringify(record)).toBe(text);
  expect(record.documents.map((d) => [d.key, d.recordId, d.created])).toEqual([["A", 11, true], ["B", 12, true], ["C", 13, false], ["D", 14, true]]);
  for (const d of record.documents) expect(d.seal).toBe(sealOf("tax-invoices", { ...d, seal: undefined }));
  expect(record.contacts.map((c) => [c.id, c.name, c.recordId, c.fingerprint])).toEqual([[41, "Bee Co", 12, "f-41"], [42, "Dee Co", 14, undefined]]);
  for (const c of record.contacts) expect(c.seal).toBe(contactSealOf("tax-invoices", { ...c, seal: undefined }));
  expect(record.at).toBe("2026-11-28T01:00:05.000Z");
  expect(record.partial).toBeUndefined();
  expect(record.company).toEqual({ id: "c1", name: "Demo Co", taxId: "0105551234567" });
});
