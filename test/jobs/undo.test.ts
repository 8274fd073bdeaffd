// Undo of the last post run, against the real local service: post, undo, post again (one live
// document per row in the end); a document paid after the post is left alone; a dry run changes
// nothing; contacts the service made for the run are deleted when nothing else uses them, unchanged.
import { createClient, type DocSheetClient } from "../../src/api";
import { actJob } from "../../src/jobs/act";
import { postJob } from "../../src/jobs/post";
import { loadPostRecord, postRecordKey, savePostRecord } from "../../src/jobs/post-record";
import { hash2 } from "../../src/sheet/books/fingerprint";
import { NothingToUndoError, undoJob } from "../../src/jobs/undo";
import type { Family } from "../../src/rules/codes";
import { fieldForHeader } from "../../src/sheet/fields";
import { render } from "../../src/sheet/i18n/render";
import { MARKER_PREFIX, markerIn } from "../../src/sheet/marker";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { cell, jobsService, now } from "./service";
import { asUpdate } from "../helpers/wire-bodies";

jest.setTimeout(120_000);

// PostgreSQL answers the post's concurrent creates out of the rows' order: the record keeps the sheet's.
const svc = jobsService();

const HEADER = ["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price"];

/** n documents of two lines each, for customers named after `prefix` (new contacts on the service). */
function sheet(prefix: string, n: number): CellValue[][] {
  const rows: CellValue[][] = [HEADER];
  for (let i = 1; i <= n; i++) {
    rows.push([`${prefix}${i}`, `${prefix} Trading ${i}`, "2026-03-02", true, "Widget", i, 100]);
    rows.push([`${prefix}${i}`, null, null, null, "Fee", 1, 10]);
  }
  return rows;
}

/** Every document of the family carrying a marker of these keys, by key: [recordId, status]. */
async function byKey(client: DocSheetClient, family: Family, prefix: string): Promise<Map<string, Array<[number, string]>>> {
  const out = new Map<string, Array<[number, string]>>();
  for await (const page of client.documents(family).listAll({ range: 5, startDate: "2026-03-02", endDate: "2026-03-02" })) {
    for (const rec of page.list) {
      const m = new RegExp(`${MARKER_PREFIX}[0-9a-z]+:(${prefix}\\d+)$`).exec(String(rec.internalNotes ?? ""));
      if (m) out.set(m[1], [...(out.get(m[1]) ?? []), [rec.recordId, String(rec.statusString)]]);
    }
  }
  return out;
}

describe("undo the last post", () => {
  it.each<[Family, string, string]>([["tax-invoices", "void", "voided"], ["quotations", "deleted", "deleted"]])(
    "%s: post, undo (%s), post again: one live document per row, the rows say what became of the old ones",
    async (family, _gone, word) => {
      const prefix = family === "quotations" ? "uq" : "ut";
      const wb = new MemoryWorkbook({ S: sheet(prefix, 3) });
      const first = await postJob(wb, svc.client, { family, now });
      expect(first.counts.created).toBe(3);
      const oldIds = [1, 3, 5].map((r) => cell(wb, r, "recordId") as number);
      const oldSerials = [1, 3, 5].map((r) => cell(wb, r, "documentSerial") as string);

      const undo = await undoJob(wb, svc.client, { family, now });
      expect(undo.counts).toMatchObject({ [word]: 3, kept: 0, failed: 0 });
      for (let r = 1; r <= 6; r++) {
        const serial = oldSerials[Math.floor((r - 1) / 2)];
        expect([cell(wb, r, "recordId"), cell(wb, r, "documentSerial"), cell(wb, r, "status")]).toEqual([null, null, null]);
        expect(cell(wb, r, "result")).toBe(`Undone: ${serial} ${word}; contact ${prefix} Trading ${Math.floor((r - 1) / 2) + 1} deleted`);
      }
      // The service made a contact for each new customer name: deleted after the documents, as
      // nothing else uses them and they are as the post left them.
      expect(undo.contacts.map((c) => [c.name, c.kind])).toEqual([1, 2, 3].map((i) => [`${prefix} Trading ${i}`, "deleted"]));
      expect(undo.contactsMessage).toBe(`Contacts the service created for this post: ${[1, 2, 3].map((i) => `contact ${prefix} Trading ${i} deleted`).join("; ")}`);
      for (const c of undo.contacts) await expect(svc.client.contacts.get(c.id)).rejects.toThrow(/not found/i);
      for (const id of oldIds) {
        if (family === "quotations") await expect(svc.client.documents(family).get(id)).rejects.toThrow(/not found/i);
        else expect((await svc.client.documents(family).get(id)).statusString).toBe("void");
      }
      // Nothing left to undo.
      await expect(undoJob(wb, svc.client, { family, now })).rejects.toThrow(NothingToUndoError);

      const again = await postJob(wb, svc.client, { family, now });
      expect(again.counts).toMatchObject({ created: 3, found: 0 });
      const newIds = [1, 3, 5].map((r) => cell(wb, r, "recordId") as number);
      expect(newIds.some((id) => oldIds.includes(id))).toBe(false);
      const docs = await byKey(svc.client, family, prefix);
      for (const [i, key] of [`${prefix}1`, `${prefix}2`, `${prefix}3`].entries()) {
        const live = docs.get(key)!.filter(([, status]) => status !== "void");
        expect(live).toEqual([[newIds[i], "awaiting"]]);
      }
    },
  );

  it("leaves a document paid after the post alone, says so in its row, and keeps it for a later undo", async () => {
    const wb = new MemoryWorkbook({ S: sheet("up", 2) });
    await postJob(wb, svc.client, { family: "tax-invoices", now });
    const [paidId, otherId] = [cell(wb, 1, "recordId") as number, cell(wb, 3, "recordId") as number];
    const paidSerial = cell(wb, 1, "documentSerial");
    await actJob(wb, svc.client, { family: "tax-invoices", action: { kind: "payment", paymentMethod: 1 }, rows: [1], now });

    const undo = await undoJob(wb, svc.client, { family: "tax-invoices", now, lang: "th" });
    expect(undo.counts).toMatchObject({ voided: 1, kept: 1 });
    expect(cell(wb, 1, "recordId")).toBe(paidId);
    // Its contact stays too: the paid invoice still uses it.
    expect(cell(wb, 1, "result")).toBe(`ไม่ได้ย้อนกลับ: ${paidSerial} ได้รับชำระเงินหลังการส่ง; คงผู้ติดต่อ up Trading 1 ไว้: ใช้อยู่ใน ${paidSerial}`);
    expect(cell(wb, 3, "recordId")).toBeNull();
    expect(cell(wb, 3, "result")).toMatch(/^ย้อนกลับแล้ว: ยกเลิก INV\S+ แล้ว; ลบผู้ติดต่อ up Trading 2 แล้ว$/);
    expect((await svc.client.documents("tax-invoices").get(paidId)).statusString).toBe("paid");
    expect((await svc.client.documents("tax-invoices").get(otherId)).statusString).toBe("void");
    expect((await loadPostRecord(wb, "tax-invoices"))!.documents.map((d) => d.recordId)).toEqual([paidId]);

    const again = await undoJob(wb, svc.client, { family: "tax-invoices", now });
    expect(again.results.map((r) => [r.kind, r.message])).toEqual([["kept", `Not undone: ${paidSerial} was paid after the post; contact up Trading 1 stays: used by ${paidSerial}`]]);
  });

  it("a big run is read from the list pages: one deleted since is reported gone, one paid is left alone, the rest voided", async () => {
    const wb = new MemoryWorkbook({ S: sheet("ub", 25) });
    expect((await postJob(wb, svc.client, { family: "tax-invoices", now, concurrency: 8 })).counts.created).toBe(25);
    const api = svc.client.documents("tax-invoices");
    const [deletedId, paidId] = [cell(wb, 1, "recordId") as number, cell(wb, 3, "recordId") as number];
    await api.delete(deletedId);
    await actJob(wb, svc.client, { family: "tax-invoices", action: { kind: "payment", paymentMethod: 1 }, rows: [3], now });
    const reads: string[] = [];
    const counting = createClient({
      root: svc.service.root, ...svc.demo,
      fetch: (input, init) => {
        const path = new URL(String(input)).pathname.replace(/^\/test/, "");
        if ((init?.method ?? "GET") === "GET" && /^\/tax-invoices\/\d+$/.test(path)) reads.push(path);
        return fetch(input, init);
      },
    });
    const undo = await undoJob(wb, counting, { family: "tax-invoices", now });
    expect(undo.counts).toEqual({ deleted: 0, voided: 23, gone: 1, kept: 1, refused: 0, failed: 0 });
    expect(cell(wb, 1, "result")).toMatch(/^Undone: INV\S+ was already deleted; contact ub Trading 1 deleted$/);
    expect(cell(wb, 1, "recordId")).toBeNull();
    expect(cell(wb, 3, "result")).toMatch(/^Not undone: (INV\S+) was paid after the post; contact ub Trading 2 stays: used by \1$/);
    expect((await api.get(undo.results[24].recordId)).statusString).toBe("void");
    // Read from the list: only the deleted one, missing from it, was asked for by id.
    expect(reads).toEqual([`/tax-invoices/${deletedId}`]);
    expect((await api.get(paidId)).statusString).toBe("paid");
  });

  it("leaves a quotation made into a billing note after the post alone, naming the billing note", async () => {
    const wb = new MemoryWorkbook({ S: sheet("uu", 2) });
    await postJob(wb, svc.client, { family: "quotations", now });
    const made = await actJob(wb, svc.client, { family: "quotations", action: { kind: "upgrade", to: "billing-notes" }, rows: [1], now });
    expect(made.done).toBe(1);
    const bl = String(cell(wb, 1, "upgradedSerial"));
    const undo = await undoJob(wb, svc.client, { family: "quotations", now });
    expect(undo.results.map((r) => [r.kind, r.message])).toEqual([
      ["kept", `Not undone: ${String(cell(wb, 1, "documentSerial"))} was made into ${bl} after the post; contact uu Trading 1 stays: used by ${String(cell(wb, 1, "documentSerial"))}, ${bl}`],
      ["deleted", expect.stringMatching(/^Undone: QT\S+ deleted; contact uu Trading 2 deleted$/)],
    ]);
  });

  it("deletes only the contacts the post created that are unchanged and unused: one another document uses, one edited since and one the post found stay, each saying why at its row", async () => {
    const family = "quotations";
    const wb = new MemoryWorkbook({ S: [HEADER,
      ["uc1", "uc Used Co", "2026-03-02", true, "Widget", 1, 100],
      ["uc2", "uc Edited Co", "2026-03-02", true, "Widget", 1, 100],
      ["uc3", "uc Free Co", "2026-03-02", true, "Widget", 1, 100],
      // The service's own contact (no code): found by its name, not created.
      ["uc4", "Walk-in customer", "2026-03-02", true, "Widget", 1, 100],
    ] });
    expect((await postJob(wb, svc.client, { family, now })).counts.created).toBe(4);
    const record = (await loadPostRecord(wb, family))!;
    expect(record.contacts.map((c) => c.name)).toEqual(["uc Used Co", "uc Edited Co", "uc Free Co"]);
    const [used, edited, free] = record.contacts;
    const walkIn = Number((await svc.client.documents(family).get(cell(wb, 4, "recordId") as number)).contactId);
    // Another document, of another family and not this post's, names the first contact by its id.
    const invoice = await svc.client.documents("tax-invoices").create({ ...(await svc.client.documents(family).get(cell(wb, 1, "recordId") as number)), contactId: used.id, documentStructureType: undefined, recordId: undefined, documentSerial: undefined, internalNotes: "" } as never);
    await svc.client.contacts.update(edited.id, { contactName: "uc Edited Co", contactType: 3, contactGroup: 1, contactMobile: "02-000-0000" });
    // A contact the post found, added to the record by hand: never deleted.
    record.contacts.push({ id: walkIn, name: "Walk-in customer", recordId: cell(wb, 4, "recordId") as number });
    await savePostRecord(wb, record, family);

    // A dry run in Thai says the same, and deletes nothing.
    const dry = await undoJob(wb, svc.client, { family, now, dryRun: true, lang: "th" });
    expect(dry.contacts.map((c) => c.message)).toEqual([
      `คงผู้ติดต่อ uc Used Co ไว้: ใช้อยู่ใน ${invoice.documentSerial}`,
      "คงผู้ติดต่อ uc Edited Co ไว้: ถูกแก้ไขหลังการส่ง",
      "จะลบผู้ติดต่อ uc Free Co",
      "คงผู้ติดต่อ Walk-in customer ไว้: ตรวจไม่ได้ว่าเป็นผู้ติดต่อที่สร้างให้การส่งครั้งนี้ (บันทึกของผู้ติดต่อถูกแก้ด้วยมือ หรือเก่ากว่าการตรวจนี้)",
    ]);
    expect((await svc.client.contacts.get(free.id)).contactName).toBe("uc Free Co");

    const undo = await undoJob(wb, svc.client, { family, now });
    expect(undo.counts).toMatchObject({ deleted: 4, kept: 0, failed: 0 });
    expect([1, 2, 3, 4].map((r) => String(cell(wb, r, "result")).replace(/QT\d+/, "QT"))).toEqual([
      `Undone: QT deleted; contact uc Used Co stays: used by ${invoice.documentSerial}`,
      "Undone: QT deleted; contact uc Edited Co stays: it was edited after the post",
      "Undone: QT deleted; contact uc Free Co deleted",
      "Undone: QT deleted; contact Walk-in customer stays: it cannot be verified as the one made for this post (the record of it was changed by hand, or is older than this check)",
    ]);
    await expect(svc.client.contacts.get(free.id)).rejects.toThrow(/not found/i);
    for (const id of [used.id, edited.id, walkIn]) expect(Number((await svc.client.contacts.get(id)).id)).toBe(id);
  });

  it("a dry run says what would happen and changes nothing, on the service or in the workbook", async () => {
    const wb = new MemoryWorkbook({ S: sheet("ud", 2) });
    await postJob(wb, svc.client, { family: "billing-notes", now });
    const before = JSON.stringify(wb.sheet("S").values);
    const record = await wb.loadRecord("docsheet.post.last.billing-notes");
    const dry = await undoJob(wb, svc.client, { family: "billing-notes", now, dryRun: true });
    expect(dry.dryRun).toBe(true);
    expect(dry.results.map((r) => r.message)).toEqual([1, 3].map((r) => `Would delete ${String(cell(wb, r, "documentSerial"))}; would delete contact ud Trading ${(r + 1) / 2}`));
    for (const c of dry.contacts) expect((await svc.client.contacts.get(c.id)).contactName).toBe(c.name);
    expect(JSON.stringify(wb.sheet("S").values)).toBe(before);
    expect(await wb.loadRecord("docsheet.post.last.billing-notes")).toBe(record);
    for (const r of [1, 3]) expect((await svc.client.documents("billing-notes").get(cell(wb, r, "recordId") as number)).statusString).toBe("awaiting");
  });

  it("leaves alone what was edited since, and never touches the rows the run only found posted", async () => {
    const wb = new MemoryWorkbook({ S: sheet("ue", 2) });
    await postJob(wb, svc.client, { family: "tax-invoices", now });
    await actJob(wb, svc.client, { family: "tax-invoices", action: { kind: "share" }, now });
    // A third document, posted by a run of its own: the last run then found two rows posted already.
    wb.sheet("S").values.push(["ue3", "ue Trading 3", "2026-03-02", true, "Widget", 3, 100]);
    await postJob(wb, svc.client, { family: "tax-invoices", now });
    const editedId = cell(wb, 5, "recordId") as number;
    const current = await svc.client.documents("tax-invoices").get(editedId);
    await svc.client.documents("tax-invoices").update(editedId, asUpdate({ ...current, documentStructureType: "UpdateSimpleDocument", remarks: "changed on the service" }));
    const earlier = JSON.stringify(wb.sheet("S").values.slice(0, 5));

    const undo = await undoJob(wb, svc.client, { family: "tax-invoices", now });
    expect(undo.results.map((r) => [r.key, r.kind])).toEqual([["ue3", "kept"]]);
    expect(cell(wb, 5, "result")).toMatch(/^Not undone: (INV\S+) was edited after the post; contact ue Trading 3 stays: used by \1$/);
    expect(cell(wb, 5, "recordId")).toBe(editedId);
    // The earlier post's rows keep their results ("share link created") and everything else.
    expect(JSON.stringify(wb.sheet("S").values.slice(0, 5))).toBe(earlier);
    expect(cell(wb, 1, "result")).toBe("share link created");
  });

  it("a record edited by hand: ids of other documents added and a serial changed are refused, the rest undone, no other row touched", async () => {
    const family = "tax-invoices";
    const api = svc.client.documents(family);
    // Other documents of the company: two posted from another workbook, one by an earlier post of this sheet.
    const other = new MemoryWorkbook({ S: sheet("uo", 2) });
    await postJob(other, svc.client, { family, now });
    const [o1, o2] = [cell(other, 1, "recordId") as number, cell(other, 3, "recordId") as number];
    const wb = new MemoryWorkbook({ S: sheet("uh", 1) });
    await postJob(wb, svc.client, { family, now });
    await actJob(wb, svc.client, { family, action: { kind: "share" }, now });
    const earlierId = cell(wb, 1, "recordId") as number;
    wb.sheet("S").values.push(...sheet("uh", 4).slice(3)); // uh2, uh3, uh4: rows 3 to 8
    expect((await postJob(wb, svc.client, { family, now })).counts.created).toBe(3);
    const [id2, id3, id4] = [3, 5, 7].map((r) => cell(wb, r, "recordId") as number);

    const record = (await loadPostRecord(wb, family))!;
    const [o1doc, earlierDoc] = [await api.get(o1), await api.get(earlierId)];
    record.documents = [
      ...record.documents.map((d) => (d.recordId === id3 ? { ...d, serial: "INV-BY-HAND" } : d)),
      { key: "added1", rows: [], recordId: earlierId, serial: earlierDoc.documentSerial, created: true },
      // With the document's own marker and serial, copied from the service: still not this post's.
      { key: "added2", rows: [], recordId: o1, serial: o1doc.documentSerial, created: true, marker: markerIn(o1doc.internalNotes) },
      { key: "added3", rows: [], recordId: o2, created: true },
    ];
    await savePostRecord(wb, record, family);
    const untouched = JSON.stringify(wb.sheet("S").values.slice(0, 3));

    const undo = await undoJob(wb, svc.client, { family, now });
    expect(undo.counts).toMatchObject({ voided: 2, refused: 4, kept: 0, failed: 0 });
    expect(undo.results.filter((r) => r.kind === "refused").map((r) => [r.key, r.rows, r.message])).toEqual([
      ["uh3", [5, 6], expect.stringMatching(/^Not undone: INV-BY-HAND: this post's record of it was changed by hand; contact uh Trading 3 stays: used by INV\d+$/)],
      ["added1", [], `Not undone: ${earlierDoc.documentSerial} cannot be verified as this post's document (the record keeps neither its marker nor a fingerprint that matches)`],
      ["added2", [], `Not undone: ${o1doc.documentSerial} cannot be verified as this post's document (the record keeps neither its marker nor a fingerprint that matches)`],
      ["added3", [], `Not undone: #${o2} cannot be verified as this post's document (the record keeps neither its marker nor a fingerprint that matches)`],
    ]);
    for (const id of [earlierId, o1, o2, id3]) expect((await api.get(id)).statusString).toBe("awaiting");
    for (const id of [id2, id4]) expect((await api.get(id)).statusString).toBe("void");
    // The post's rows: cleared where undone, the reason where refused; the earlier post's rows as they were.
    expect([3, 4, 7, 8].map((r) => cell(wb, r, "recordId"))).toEqual([null, null, null, null]);
    expect(cell(wb, 5, "recordId")).toBe(id3);
    expect(cell(wb, 5, "result")).toBe(undo.results.find((r) => r.key === "uh3")!.message);
    expect(JSON.stringify(wb.sheet("S").values.slice(0, 3))).toBe(untouched);
    expect(cell(wb, 1, "result")).toBe("share link created");
  });

  it("an older record, without seals or markers: undone only where the service's serial and fingerprint match the record", async () => {
    const family = "tax-invoices";
    const api = svc.client.documents(family);
    const other = new MemoryWorkbook({ S: sheet("uk", 1) });
    await postJob(other, svc.client, { family, now });
    const stranger = await api.get(cell(other, 1, "recordId") as number);
    const wb = new MemoryWorkbook({ S: sheet("ul", 4) });
    await postJob(wb, svc.client, { family, now });
    const [id1, id2, id3, id4] = [1, 3, 5, 7].map((r) => cell(wb, r, "recordId") as number);
    const record = (await loadPostRecord(wb, family))!;
    record.documents = [
      ...record.documents.map(({ seal: _seal, marker: _marker, ...d }) =>
        d.recordId === id2 ? { ...d, fingerprint: undefined } : d.recordId === id3 ? { ...d, serial: "INV-OLD" } : d.recordId === id4 ? { ...d, marker: "docsheet:0000000:ul4" } : d),
      { key: "added", rows: [], recordId: stranger.recordId, serial: stranger.documentSerial, created: true },
    ];
    await savePostRecord(wb, record, family);
    const before = JSON.stringify(wb.sheet("S").values.slice(3));

    const undo = await undoJob(wb, svc.client, { family, now, lang: "th" });
    expect(undo.results.map((r) => [r.key, r.kind])).toEqual([["ul1", "voided"], ["ul2", "refused"], ["ul3", "refused"], ["ul4", "refused"], ["added", "refused"]]);
    const serial = (id: number): string => String(record.documents.find((d) => d.recordId === id)!.serial);
    expect(undo.results.slice(1).map((r) => r.message.split("; ")[0])).toEqual([
      `ไม่ได้ย้อนกลับ: ตรวจไม่ได้ว่า ${serial(id2)} สร้างโดยการส่งครั้งนี้ (บันทึกไม่มีเครื่องหมายของการส่ง หรือรหัสตรวจสอบฉบับบนระบบที่ตรงกัน)`,
      `ไม่ได้ย้อนกลับ: รหัสในระบบ ${id3} คือ ${String((await api.get(id3)).documentSerial)} ไม่ใช่ INV-OLD ตามที่การส่งครั้งนี้บันทึกไว้`,
      `ไม่ได้ย้อนกลับ: ${serial(id4)} ไม่มีเครื่องหมายของการส่งครั้งนี้ การส่งครั้งนี้ไม่ได้สร้าง ${serial(id4)}`,
      `ไม่ได้ย้อนกลับ: ตรวจไม่ได้ว่า ${stranger.documentSerial} สร้างโดยการส่งครั้งนี้ (บันทึกไม่มีเครื่องหมายของการส่ง หรือรหัสตรวจสอบฉบับบนระบบที่ตรงกัน)`,
    ]);
    expect((await api.get(id1)).statusString).toBe("void");
    for (const id of [id2, id3, id4, stranger.recordId]) expect((await api.get(id)).statusString).toBe("awaiting");
    // Rows not verified as the post's are not written either.
    expect(JSON.stringify(wb.sheet("S").values.slice(3))).toBe(before);
  });
});

/** A post's results in the sheet's order (they come back as the concurrent creates are answered). */
const inRowOrder = <R extends { rows: number[] }>(results: R[]): R[] => [...results].sort((a, b) => a.rows[0] - b.rows[0]);

describe("contacts a journal voucher names", () => {
  it("stay when a post created them, whichever post: named by id or by name alone, the row says which voucher, in English and Thai; the rest go", async () => {
    const wb = new MemoryWorkbook({ Contacts: [["Name", "Type"], ["jv Named Co", "Customer"], ["jv Called Co", "Customer"], ["jv Free Co", "Customer"]] });
    const post = await postJob(wb, svc.client, { family: "contacts", now });
    expect(post.counts.created).toBe(3);
    const [named, , free] = inRowOrder(post.results).map((r) => r.recordId!);
    const [debit, credit] = (await svc.client.chartOfAccounts.list()).map((a) => Number((a as { id: unknown }).id));
    const lines = [{ debitCredit: 1, chartOfAccountId: debit, value: 100 }, { debitCredit: 3, chartOfAccountId: credit, value: 100 }];
    const voucher = (body: Record<string, unknown>) => ({ documentType: 51, documentDate: "2026-03-05", bookOfAccounts: lines, ...body });
    const byId = await svc.client.journalEntries.approve(voucher({ contactId: named, contactName: "jv Named Co" }));
    // A draft names a contact as much as an approved voucher does; by its name alone, in any case.
    const byName = await svc.client.journalEntries.draft(voucher({ contactName: "JV called co" }));

    const dry = await undoJob(wb, svc.client, { family: "contacts", now, dryRun: true, lang: "th" });
    expect(dry.results.slice(0, 2).map((r) => r.message)).toEqual([
      `ไม่ได้ย้อนกลับ: jv Named Co ถูกอ้างถึงในใบสำคัญ ${byId.documentSerial}`, `ไม่ได้ย้อนกลับ: jv Called Co ถูกอ้างถึงในใบสำคัญ ${byName.documentSerial}`,
    ]);
    const undo = await undoJob(wb, svc.client, { family: "contacts", now });
    expect(undo.counts).toMatchObject({ deleted: 1, kept: 2, failed: 0 });
    expect(undo.results[0].message).toBe(`Not undone: jv Named Co is named by journal voucher ${byId.documentSerial}`);
    expect(Number((await svc.client.contacts.get(named)).id)).toBe(named);
    await expect(svc.client.contacts.get(free)).rejects.toThrow(/not found/i);

    // A contact the service made for a document post: kept too while a voucher names it.
    const docs = new MemoryWorkbook({ S: [HEADER, ["jd1", "jv Doc Co", "2026-03-02", true, "Widget", 1, 100]] });
    expect((await postJob(docs, svc.client, { family: "quotations", now })).counts.created).toBe(1);
    const made = (await loadPostRecord(docs, "quotations"))!.contacts[0];
    const onDoc = await svc.client.journalEntries.approve(voucher({ contactId: made.id }));
    const undone = await undoJob(docs, svc.client, { family: "quotations", now, lang: "th" });
    expect(undone.contacts.map((c) => c.message)).toEqual([`คงผู้ติดต่อ jv Doc Co ไว้: ใบสำคัญ ${onDoc.documentSerial} อ้างถึงผู้ติดต่อนี้`]);
    expect(Number((await svc.client.contacts.get(made.id)).id)).toBe(made.id);
  });
});

/** The workbook as the file saved at that moment holds it: what a post killed after it leaves. */
function savedCopy(wb: MemoryWorkbook): MemoryWorkbook {
  const copy = new MemoryWorkbook(Object.fromEntries([...wb.sheets].map(([name, s]) => [name, s.values.map((r) => [...r])])));
  for (const [name, s] of wb.sheets) copy.sheets.get(name)!.hidden = s.hidden;
  for (const [k, v] of wb.settings) copy.settings.set(k, v);
  return copy;
}

/** The workbook a book post leaves when killed once its record of what it is about to create is
 * saved, before anything is sent. */
async function killedBeforeSending(wb: MemoryWorkbook, family: "contacts" | "products"): Promise<MemoryWorkbook> {
  let killed: MemoryWorkbook | undefined;
  await expect(postJob(wb, svc.client, { family, now, onCheckpoint: async () => {
    killed = savedCopy(wb);
    throw new Error("killed");
  } })).rejects.toThrow("killed");
  return killed!;
}

describe("a book post that ended, then run again from its input with its output", () => {
  it.each<["contacts" | "products", CellValue[][]]>([
    ["contacts", [["Name", "Type"], ["ke One Co", "Customer"], ["ke Two Co", "Customer"]]],
    ["products", [["Code", "Name", "VAT"], ["KE-1", "ke one", "7%"], ["KE-2", "ke two", "7%"]]],
  ])("%s: what the first run created is claimed as the sheet's, so undo of the output reverses it (the service lost half-way, then posted again)", async (family, rows) => {
    const output = new MemoryWorkbook({ Book: rows });
    const first = await postJob(output, svc.client, { family, now });
    expect(first.counts).toMatchObject({ created: 2 });
    const again = new MemoryWorkbook({ Book: rows });
    const run = await postJob(again, svc.client, { family, now, outputRecord: await loadPostRecord(output, family) });
    expect(inRowOrder(run.results).map((r) => r.message)).toEqual(["created (found from an earlier run)", "created (found from an earlier run)"]);
    const undo = await undoJob(again, svc.client, { family, now });
    expect(undo.counts).toMatchObject({ deleted: 2, kept: 0, failed: 0 });
    const api = family === "contacts" ? svc.client.contacts : svc.client.products;
    for (const r of first.results) await expect(api.get(r.recordId!)).rejects.toThrow(/not found/i);
  });
});

describe("a workbook an older DocSheet posted", () => {
  it("contacts: the books' own record of before (under the post record's key) is still undone, an entry changed by hand refused, and what is left saved as every family's post record", async () => {
    const wb = new MemoryWorkbook({ Book: [["Name", "Type"], ["ob One Co", "Customer"], ["ob Two Co", "Customer"]] });
    expect((await postJob(wb, svc.client, { family: "contacts", now })).counts.created).toBe(2);
    const posted = (await loadPostRecord(wb, "contacts"))!;
    // The record as the books' post wrote it then: each entry's seal over which record and what it was.
    const seal = (id: number, name: string, fingerprint: string): string => `s1.${hash2(JSON.stringify(["contacts", id, name, fingerprint]))}`;
    const [one, two] = posted.documents.map((d) => ({ key: d.key, rows: d.rows, recordId: d.recordId, name: d.serial!, fingerprint: d.fingerprint! }));
    const created = [{ ...one, seal: seal(one.recordId, one.name, one.fingerprint) }, { ...two, seal: seal(two.recordId, "ob Other Co", two.fingerprint) }];
    await wb.saveRecord(postRecordKey("contacts"), JSON.stringify({ version: 1, family: "contacts", sheet: posted.sheet, at: posted.at, created, company: posted.company }));

    const undo = await undoJob(wb, svc.client, { family: "contacts", now });
    expect(undo.results.map((r) => [r.recordId, r.kind, r.message])).toEqual([
      [one.recordId, "deleted", "Undone: ob One Co deleted"], [two.recordId, "refused", "Not undone: ob Two Co: this post's record of it was changed by hand"],
    ]);
    await expect(svc.client.contacts.get(one.recordId)).rejects.toThrow(/not found/i);
    expect(Number((await svc.client.contacts.get(two.recordId)).id)).toBe(two.recordId);
    const left = JSON.parse((await wb.loadRecord(postRecordKey("contacts")))!) as Record<string, unknown>;
    expect([left.created, (left.documents as Array<{ recordId: number }>).map((d) => d.recordId)]).toEqual([undefined, [two.recordId]]);
    // Still refused when undone again: the entry is not trusted in its new shape either.
    expect((await undoJob(wb, svc.client, { family: "contacts", now })).counts).toMatchObject({ refused: 1, deleted: 0 });
  });
});

// That a killed post of every family, run again, claims what the killed run made and undo
// reverses both runs is test/families/promises-kill.test.ts; here the records a kill leaves pending.
describe("a book post killed half-way, then run again", () => {
  it("contacts: one a person made by hand, after the kill, with a name the killed run was about to create is not claimed, and undo leaves it", async () => {
    const rows: CellValue[][] = [["Name", "Type"], ["kh Made Co", "Customer"], ["kh Hand Co", "Customer"]];
    const killed = await killedBeforeSending(new MemoryWorkbook({ Book: rows }), "contacts");
    // What the killed run had made of the first row (its copy carries the row's marker), then the
    // person's own contact of the second row's name.
    const byRun = Number((await postJob(new MemoryWorkbook({ Book: rows.slice(0, 2) }), svc.client, { family: "contacts", now })).results[0].recordId);
    const byHand = Number((await svc.client.contacts.create({ contactName: "kh Hand Co", contactType: 3, contactGroup: 3 })).id);
    const again = await postJob(killed!, svc.client, { family: "contacts", now });
    expect(inRowOrder(again.results).map((r) => [r.kind, r.recordId, r.message])).toEqual([
      ["found", byRun, "created (found from an earlier run)"], ["existing", byHand, "found on the service, not created again"],
    ]);
    const undo = await undoJob(killed!, svc.client, { family: "contacts", now });
    expect(undo.counts).toMatchObject({ deleted: 1, failed: 0 });
    await expect(svc.client.contacts.get(byRun)).rejects.toThrow(/not found/i);
    expect(Number((await svc.client.contacts.get(byHand)).id)).toBe(byHand);
  });

  it("products: run again from the input, the killed run's record in its output, claims what that run made; one a person made meanwhile with a pending code and another name is not, and undo leaves it", async () => {
    const rows: CellValue[][] = [["Code", "Name", "VAT", "Sell price"], ["KP-1", "kp paper", "7%", 135], ["KP-2", "kp ink", "7%", 450], ["KP-3", "kp toner", "7%", 900]];
    const input = new MemoryWorkbook({ Book: rows });
    // Its output as the killed run saved it (the input left as it was).
    const output = await killedBeforeSending(savedCopy(input), "products");
    // What the killed run had made of the first row (every field the row's), then a person's
    // product of the second row's code with another name.
    const byRun = Number((await postJob(new MemoryWorkbook({ Book: rows.slice(0, 2) }), svc.client, { family: "products", now })).results[0].recordId);
    const byHand = Number((await svc.client.products.create({ code: "KP-2", name: "Ink made by hand", type: 3, productStructureType: "ProductNonInventory", sellVatType: 1, buyVatType: 1, sellPrice: 450 })).id);
    const again = savedCopy(input);
    const outputRecord = await loadPostRecord(output, "products");
    const run = await postJob(again, svc.client, { family: "products", now, outputRecord });
    expect(inRowOrder(run.results).map((r) => [r.kind, r.message])).toEqual([
      ["found", "created (found from an earlier run)"],
      ["existing", expect.stringMatching(/^found on the service, not created again; the service's record differs in: .*Name/)],
      ["created", "created"],
    ]);
    expect(inRowOrder(run.results)[0].recordId).toBe(byRun);
    expect(inRowOrder(run.results)[1].recordId).toBe(byHand);
    const undo = await undoJob(again, svc.client, { family: "products", now });
    expect(undo.counts).toMatchObject({ deleted: 2, failed: 0 });
    await expect(svc.client.products.get(byRun)).rejects.toThrow(/not found/i);
    expect(Number((await svc.client.products.get(byHand)).id)).toBe(byHand);
  });
});

/** Renames a sheet of an in-memory workbook, as a user does on its tab. */
function rename(wb: MemoryWorkbook, from: string, to: string): void {
  wb.sheets.set(to, wb.sheets.get(from)!);
  wb.sheets.delete(from);
}

describe("a big book run", () => {
  it("is read from the family's list pages, a listed copy trusted only as the run left it: one edited since is read by id and kept, one deleted by hand is gone, the rest deleted", async () => {
    const rows: CellValue[][] = [["Name", "Type"]];
    for (let i = 1; i <= 30; i++) rows.push([`bl Listed ${i} Co`, "Customer"]);
    const wb = new MemoryWorkbook({ Book: rows });
    const post = await postJob(wb, svc.client, { family: "contacts", now });
    expect(post.counts).toMatchObject({ created: 30 });
    const ids = inRowOrder(post.results).map((r) => Number(r.recordId));
    await svc.client.contacts.update(ids[3], { contactName: "bl Listed 4 Co", contactType: 3, contactGroup: 3, contactEmail: "changed@example.com" } as never);
    await svc.client.contacts.delete(ids[7]);
    // Every request by route: the verify reads one by one only what the list pages cannot vouch for.
    const routes: string[] = [];
    const counted = createClient({
      root: svc.service.root, ...svc.demo,
      fetch: (input, init) => {
        const url = new URL(typeof input === "string" ? input : String((input as { url?: string }).url ?? input));
        routes.push(`${init?.method ?? "GET"} ${url.pathname.replace(/^.*?\/contacts/, "/contacts").replace(/\/\d+$/, "/{id}")}`);
        return fetch(input, init);
      },
    });
    const undo = await undoJob(wb, counted, { family: "contacts", now });
    expect(undo.counts).toMatchObject({ deleted: 28, kept: 1, gone: 1, refused: 0, failed: 0 });
    expect(undo.results.find((r) => r.recordId === ids[3])?.message).toMatch(/was edited after the post/);
    expect(routes.filter((r) => r === "GET /contacts/{id}").length).toBe(2);
    expect(await svc.client.contacts.get(ids[3])).toMatchObject({ contactEmail: "changed@example.com" });
  });
});

describe("a posted sheet renamed", () => {
  it("is found by the record ids the post wrote into it: undone there; with none to be found, undo names the sheet it expected, in English and Thai, and changes nothing", async () => {
    const wb = new MemoryWorkbook({ S: sheet("rn", 2) });
    expect((await postJob(wb, svc.client, { family: "quotations", now })).counts.created).toBe(2);
    const ids = [1, 3].map((r) => cell(wb, r, "recordId") as number);
    rename(wb, "S", "Quotes April");
    // Another sheet with rows of its own is not the post's.
    wb.setSheet("Other", [HEADER, ["x1", "Someone", "2026-03-02", true, "Widget", 1, 100]]);

    // Nothing to find: the ids cleared by hand in the renamed sheet (kept aside to put back).
    const saved = wb.sheet("Quotes April").values.map((r) => [...r]);
    const idCol = saved[0].findIndex((h) => typeof h === "string" && fieldForHeader(h)?.key === "recordId");
    for (const r of wb.sheet("Quotes April").values.slice(1)) r[idCol] = null;
    for (const lang of ["en", "th"] as const) {
      await expect(undoJob(wb, svc.client, { family: "quotations", now, lang })).rejects.toMatchObject({ name: "NothingToUndoError" });
    }
    const err = (await undoJob(wb, svc.client, { family: "quotations", now }).catch((e: Error) => e)) as NothingToUndoError;
    expect(err.message).toBe('Nothing undone: the sheet "S" this post wrote to is not in the workbook, and no sheet holds the record ids it wrote. Give the sheet its name "S" again (or open the workbook the post wrote to) and undo again');
    expect(render(err.msg, "th")).toBe('ไม่ได้ย้อนกลับ: ไม่พบชีต "S" ที่การส่งครั้งนี้เขียนผลไว้ในสมุดงาน และไม่มีชีตใดมีรหัสในระบบที่การส่งเขียนไว้ ให้เปลี่ยนชื่อชีตกลับเป็น "S" (หรือเปิดสมุดงานที่การส่งเขียนผลไว้) แล้วย้อนกลับอีกครั้ง');
    for (const id of ids) expect((await svc.client.documents("quotations").get(id)).statusString).toBe("awaiting");

    wb.setSheet("Quotes April", saved);
    // Two sheets holding the run's ids (a copy of the sheet): which is the post's is not guessed.
    wb.setSheet("Quotes copy", saved);
    await expect(undoJob(wb, svc.client, { family: "quotations", now })).rejects.toThrow(/more than one sheet holds the record ids it wrote/);
    wb.sheets.delete("Quotes copy");
    const undo = await undoJob(wb, svc.client, { family: "quotations", now });
    expect([undo.sheet, undo.counts.deleted]).toEqual(["Quotes April", 2]);
    expect(wb.sheet("Quotes April").values.slice(1).map((r) => r[idCol])).toEqual([null, null, null, null]);
    for (const id of ids) await expect(svc.client.documents("quotations").get(id)).rejects.toThrow(/not found/i);
    expect(wb.sheet("Other").values[1]).toEqual(["x1", "Someone", "2026-03-02", true, "Widget", 1, 100]);

    // A book's sheet too.
    const book = new MemoryWorkbook({ Contacts: [["Name", "Type"], ["rn Book Co", "Customer"]] });
    const made = (await postJob(book, svc.client, { family: "contacts", now })).results[0].recordId!;
    rename(book, "Contacts", "Customers");
    expect((await undoJob(book, svc.client, { family: "contacts", now })).counts.deleted).toBe(1);
    await expect(svc.client.contacts.get(made)).rejects.toThrow(/not found/i);
  });
});
