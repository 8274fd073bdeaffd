// A post whose checkpoint cannot be saved (a full disk) stops, and the rows it did not send say why
// in the run's language: a Thai run wrote "ไม่ได้ส่ง: บันทึกเวิร์กบุ๊กไม่ได้ (ENOSPC: no space left on
// device, write)", the system's English inside the Thai (issue 36). Real local service over HTTP;
// the save is the job's onCheckpoint, failing as a full disk fails.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PostSaveError, postJob } from "../../src/jobs/post";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { writeBook } from "../cli/session";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { jobsService, now } from "./service";

jest.setTimeout(120_000);

const svc = jobsService();

/** The error fs gives when the disk is full. */
function diskFull(): NodeJS.ErrnoException {
  return Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", syscall: "write", errno: -28 });
}

const rows = (prefix: string, n: number): CellValue[][] => [
  ["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price"],
  ...Array.from({ length: n }, (_, i) => [`${prefix}${i}`, `${prefix} customer ${i}`, "2026-03-01", true, "Widget", 1, 100]),
];

/** The result column's texts of the rows the run did not send. */
async function unsentAfterFullDisk(lang: "en" | "th", prefix: string): Promise<string[]> {
  const wb = new MemoryWorkbook({ S: rows(prefix, 60) });
  const err = await postJob(wb, svc.client, { family: "quotations", now, lang, concurrency: 2, onCheckpoint: async () => { throw diskFull(); } }).then(
    () => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(PostSaveError);
  const header = wb.sheet("S").values[0];
  const at = header.indexOf("result");
  if (at < 0) throw new Error(JSON.stringify(wb.sheet("S").values.slice(0, 3)));
  return wb.sheet("S").values.slice(1).map((r) => String(r[at] ?? "")).filter((r) => /not sent|ไม่ได้ส่ง/.test(r));
}

it("the rows a full disk stopped say so in Thai in a Thai run, the system's code in brackets", async () => {
  const th = await unsentAfterFullDisk("th", "sfth");
  expect(th.length).toBeGreaterThan(0);
  for (const r of th) expect(r).toBe("ไม่ได้ส่ง: บันทึกเวิร์กบุ๊กไม่ได้ (ดิสก์เต็ม [ENOSPC])");
  const en = await unsentAfterFullDisk("en", "sfen");
  expect(en.length).toBeGreaterThan(0);
  for (const r of en) expect(r).toBe("not sent: the workbook could not be saved (ENOSPC: no space left on device, write)");
});

it("a contacts post stopped by a full disk at a checkpoint loses nothing: run again from its last save, it finds the contacts it made and creates the rest, none twice", async () => {
  const dir = mkdtempSync(join(tmpdir(), "save-failed-"));
  try {
    const n = 80;
    const prefix = "SFC";
    const file = await writeBook(join(dir, "contacts.xlsx"), [["Code", "Name", "Type"], ...Array.from({ length: n }, (_, i) => [`${prefix}-${i + 1}`, `Save Failed ${i + 1} Co., Ltd.`, "customer"])]);
    // As the command line saves: the first save (what the run is about to create, before it sends
    // any) is written, every later one fails as a full disk does.
    const first = await XlsxWorkbook.load(file);
    let saves = 0;
    const save = async (): Promise<void> => {
      if (saves++ > 0) throw diskFull();
      await first.save(file);
    };
    const err = await postJob(first, svc.client, { family: "contacts", now, concurrency: 2, onCheckpoint: save }).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(PostSaveError);
    const made = (err as PostSaveError).counts.created;
    expect(made).toBeGreaterThan(0);
    expect(await contactCodes(prefix)).toHaveLength(made);

    const again = await postJob(await XlsxWorkbook.load(file), svc.client, { family: "contacts", now, concurrency: 2 });
    expect(again.counts).toMatchObject({ created: n - made, found: made, failed: 0, cancelled: 0 });
    const codes = await contactCodes(prefix);
    expect(codes).toHaveLength(n);
    expect(new Set(codes).size).toBe(n);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The codes of the live contacts whose code starts with the prefix, one per contact. */
async function contactCodes(prefix: string): Promise<string[]> {
  const codes: string[] = [];
  for await (const page of svc.client.contacts.listAll({ pageSize: 200 })) {
    for (const c of page.list as unknown as Array<{ contactCode?: string }>) if (String(c.contactCode).startsWith(`${prefix}-`)) codes.push(String(c.contactCode));
  }
  return codes;
}
