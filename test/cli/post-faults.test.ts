// `docsheet post` when two runs race and when the machine fails it: real .xlsx files, two runs at
// once (each in a runner process of its own), the real bin killed with SIGKILL, an output on a full
// tmpfs, the real local service. Every case ends with exactly one live document (or contact) per row, and an undo that leaves
// none of them alive.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DocumentRecord } from "../../src/api";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { cliRunner, killedRun, type Run, type RunResult } from "./run";
import { cliSession, sheetRows, writeBook } from "./session";

jest.setTimeout(240_000);

const s = cliSession("post-faults");
const docsheet = cliRunner();
// A second runner process of the worker: two runs at once are two processes, as two bins are.
const rival = cliRunner(1);
const HEADER = ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"];

function rows(prefix: string, n: number): unknown[][] {
  const out: unknown[][] = [HEADER];
  for (let i = 1; i <= n; i++) out.push([`${prefix}-${i}`, `${prefix} customer ${i % 3}`, "2026-02-10", true, "Widget", i, 100]);
  return out;
}

/** The family's documents for this prefix's customers, void ones too. */
async function documentsOf(family: "quotations" | "tax-invoices", prefix: string): Promise<DocumentRecord[]> {
  const all: DocumentRecord[] = [];
  for await (const page of s.client.documents(family).listAll({ range: 5, startDate: "2026-02-10", endDate: "2026-02-10", searchString: `${prefix} customer` })) all.push(...page.list);
  return all;
}
/** The codes of the live contacts whose code starts with the prefix, one per contact. */
async function contactCodes(prefix: string): Promise<string[]> {
  const codes: string[] = [];
  for await (const page of s.client.contacts.listAll({ pageSize: 200 })) {
    for (const c of page.list as unknown as Array<{ contactCode?: string }>) if (String(c.contactCode).startsWith(`${prefix}-`)) codes.push(String(c.contactCode));
  }
  return codes;
}
const live = (docs: DocumentRecord[]): number[] => docs.filter((d) => d.statusString !== "void").map((d) => d.recordId).sort((a, b) => a - b);
const idsIn = async (path: string): Promise<number[]> => (await sheetRows(path)).map((r) => r.recordId as number).sort((a, b) => a - b);
const post = (args: string[], run: Run = docsheet): Promise<RunResult> => run(["post", ...args, "--base-url", s.service.root, ...s.auth]);
const counted = (r: RunResult): { created: number; found: number } => {
  const m = /^(\d+) created, (\d+) found/m.exec(r.stdout);
  if (!m) throw new Error(`no counts in ${r.stdout}\n${r.stderr}`);
  return { created: Number(m[1]), found: Number(m[2]) };
};

/** A 512 KB tmpfs at `disk`; false (said) where mounting one is not permitted. */
/** `body` run with a 512 KB tmpfs mounted at `disk` (skipped where mounting is not permitted), unmounted after. */
async function onFullDisk(disk: string, body: () => Promise<void>): Promise<void> {
  mkdirSync(disk);
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", disk], { encoding: "utf8" });
  if (mounted.status !== 0) {
    console.warn(`skipped: mounting a tmpfs is not permitted here (${mounted.stderr.trim()}); CI runs this as root`);
    return;
  }
  try {
    await body();
  } finally {
    spawnSync("umount", [disk]);
  }
}

describe("two docsheet post of the same rows at the same time", () => {
  it("on one workbook: exactly one live document per row", async () => {
    const prefix = "one";
    const path = await writeBook(join(s.dir, `${prefix}.xlsx`), rows(prefix, 15));
    const args = [path, "--family", "quotations"];
    const [a, b] = await Promise.all([post(args, docsheet), post(args, rival)]);
    expect([a.code, b.code]).toEqual([0, 0]);
    // They took turns on the workbook: one created every row, the other found them all.
    expect([counted(a), counted(b)].sort((x, y) => y.created - x.created)).toEqual([{ created: 15, found: 0 }, { created: 0, found: 15 }]);
    const ids = live(await documentsOf("quotations", prefix));
    expect(ids).toHaveLength(15);
    expect(await idsIn(join(s.dir, `${prefix}.posted.xlsx`))).toEqual(ids);
    expect(readdirSync(s.dir).filter((f) => f.includes(prefix) && (f.endsWith(".tmp") || f.endsWith(".lock")))).toEqual([]);
  });
});

describe("a post the machine fails part way", () => {
  it("killed with SIGKILL after a checkpoint, run again in place, then undone: every document undone, none alive", async () => {
    // More than a checkpoint's count (50): on a quick machine the whole run can end within the
    // checkpoint's second, and then no save comes before the last.
    const n = 120;
    const prefix = "killed";
    const path = await writeBook(join(s.dir, `${prefix}.xlsx`), rows(prefix, n));
    const written = statSync(path).mtimeMs;
    // Killed once a checkpoint saved the workbook (its record with it) and more were created since.
    await killedRun(["post", path, "--family", "quotations", "--base-url", s.service.root, ...s.auth, "--concurrency", "2", "--in-place"],
      (created) => created >= 52 && statSync(path).mtimeMs !== written);
    const saved = (await sheetRows(path)).filter((r) => typeof r.recordId === "number").length;
    const mid = live(await documentsOf("quotations", prefix));
    expect(saved).toBeGreaterThan(0);
    expect(mid.length).toBeGreaterThan(saved - 1);
    expect(mid.length).toBeLessThan(n);
    expect(readdirSync(s.dir).filter((f) => f.startsWith(`.${prefix}.xlsx.`))).toHaveLength(1); // its lock, left by the kill

    const again = await docsheet(["post", path, "--family", "quotations", "--base-url", s.service.root, ...s.auth, "--in-place"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^${n - mid.length} created, ${mid.length - saved} found from an earlier run, ${saved} already posted`, "m"));
    const ids = live(await documentsOf("quotations", prefix));
    expect(ids).toHaveLength(n);
    expect(await idsIn(path)).toEqual(ids);
    expect(readdirSync(s.dir).filter((f) => f.startsWith(`.${prefix}.xlsx.`))).toEqual([]);

    const undo = await docsheet(["undo", path, "--family", "quotations", "--base-url", s.service.root, ...s.auth]);
    expect(undo.stdout).toMatch(new RegExp(`undone: ${n} deleted, 0 voided`));
    expect(live(await documentsOf("quotations", prefix))).toEqual([]);
  });

  it("whose output is on a full disk stops with its counts and exits 2, leaves no temp file; posted again to a good output and undone, none is alive", async () => {
    const disk = join(s.dir, "full");
    await onFullDisk(disk, async () => {
      const n = 80;
      const prefix = "full";
      const path = await writeBook(join(s.dir, `${prefix}.xlsx`), rows(prefix, n));
      const out = join(disk, "out.xlsx");
      // The disk is full but for 4 KB: less than any workbook takes.
      writeFileSync(join(disk, "filler"), Buffer.alloc(512 * 1024 - 4 * 1024));
      writeFileSync(join(disk, `.out.xlsx.${2 ** 22 + 1}.tmp`), ""); // a killed save's temp file (no such process)
      const r = await post([path, "--family", "tax-invoices", "--out", out]);
      expect(r.code).toBe(2);
      const m = /stopped: .*out\.xlsx could not be saved \((ENOSPC[^)]*)\)\. (\d+) created, (\d+) found, (\d+) not sent\. .*posting .*full\.xlsx again to an output that can be written finds those records/.exec(r.stderr);
      expect(m).not.toBeNull();
      const created = Number(m![2]);
      expect(created).toBeGreaterThan(0);
      expect(created + Number(m![4])).toBe(n);
      expect(readdirSync(disk).sort()).toEqual(["filler"]); // no temp file, the stale one removed
      expect(live(await documentsOf("tax-invoices", prefix))).toHaveLength(created);

      // A Thai run says so in Thai, the system's code in brackets (issue 36): of post, and of any
      // command that writes.
      const thaiPath = await writeBook(join(s.dir, "full-th.xlsx"), rows("fullth", 3));
      const thai = await post([thaiPath, "--family", "tax-invoices", "--out", join(disk, "out-th.xlsx"), "--lang", "th"]);
      expect(thai.code).toBe(2);
      // Stopped at a checkpoint, or (three rows may all be sent before one) at the last save.
      expect(thai.stderr).toMatch(/^docsheet: (หยุดแล้ว: บันทึก .*out-th\.xlsx ไม่ได้ \(ดิสก์เต็ม \[ENOSPC\]\)|เขียน .*out-th\.xlsx ไม่ได้: ดิสก์เต็ม \[ENOSPC\]$)/m);
      const template = await docsheet(["template", "tax-invoices", "--out", join(disk, "template.xlsx"), "--lang", "th"]);
      expect(template.code).toBe(2);
      expect(template.stderr).toMatch(/^docsheet: เขียน .*template\.xlsx ไม่ได้: ดิสก์เต็ม \[ENOSPC\]$/m);
      for (const said of [thai.stderr, template.stderr]) expect(said).not.toMatch(/no space left|could not|cannot/);
      expect(readdirSync(disk).sort()).toEqual(["filler"]);

      // A failed save does not make the next one fail once there is room.
      const book = await XlsxWorkbook.load(path);
      await expect(book.save(out)).rejects.toThrow(/ENOSPC/);
      expect(readdirSync(disk)).toEqual(["filler"]);
      rmSync(join(disk, "filler"));
      await book.save(out);
      expect(existsSync(out)).toBe(true);

      const good = join(s.dir, "full-good.xlsx");
      const again = await docsheet(["post", path, "--family", "tax-invoices", "--base-url", s.service.root, ...s.auth, "--out", good]);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(new RegExp(`^${n - created} created, ${created} found from an earlier run`, "m"));
      expect(live(await documentsOf("tax-invoices", prefix))).toHaveLength(n);
      const undo = await docsheet(["undo", good, "--family", "tax-invoices", "--base-url", s.service.root, ...s.auth]);
      expect(undo.stdout).toMatch(new RegExp(`undone: 0 deleted, ${n} voided`));
      expect(live(await documentsOf("tax-invoices", prefix))).toEqual([]);
      const thaiGood = join(s.dir, "full-th-good.xlsx");
      expect((await docsheet(["post", thaiPath, "--family", "tax-invoices", "--base-url", s.service.root, ...s.auth, "--out", thaiGood])).code).toBe(0);
      expect((await docsheet(["undo", thaiGood, "--family", "tax-invoices", "--base-url", s.service.root, ...s.auth])).code).toBe(0);
      expect(live(await documentsOf("tax-invoices", "fullth"))).toEqual([]);
    });
  });

  it("of contacts whose output is on a full disk stops as the documents' does, before a contact is sent; posted again, each is made once and undone", async () => {
    const disk = join(s.dir, "full-contacts");
    await onFullDisk(disk, async () => {
      const n = 80;
      const prefix = "FULLC";
      const path = await writeBook(join(s.dir, "full-contacts.xlsx"), [["Code", "Name", "Type"], ...Array.from({ length: n }, (_, i) => [`${prefix}-${i + 1}`, `Full Contact ${i + 1} Co., Ltd.`, "customer"])]);
      writeFileSync(join(disk, "filler"), Buffer.alloc(512 * 1024 - 4 * 1024));
      // The contacts about to be created are saved before any is sent: that save fails, and the run
      // stops there with its counts, as a documents post does at a checkpoint.
      const r = await post([path, "--family", "contacts", "--out", join(disk, "out.xlsx")]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^docsheet: stopped: .*out\.xlsx could not be saved \(ENOSPC[^)]*\)\. 0 created, 0 found, 80 not sent\. .*posting .*full-contacts\.xlsx again/m);
      expect(readdirSync(disk)).toEqual(["filler"]);
      expect(await contactCodes(prefix)).toEqual([]);

      rmSync(join(disk, "filler"));
      const good = join(s.dir, "full-contacts-good.xlsx");
      const again = await docsheet(["post", path, "--family", "contacts", "--base-url", s.service.root, ...s.auth, "--out", good]);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(new RegExp(`^${n} created, 0 found`, "m"));
      const codes = await contactCodes(prefix);
      expect(codes).toHaveLength(n);
      expect(new Set(codes).size).toBe(n); // none twice
      const undo = await docsheet(["undo", good, "--family", "contacts", "--base-url", s.service.root, ...s.auth]);
      expect(undo.stdout).toMatch(new RegExp(`undone: ${n} deleted`));
      expect(await contactCodes(prefix)).toEqual([]);
    });
  });
});
