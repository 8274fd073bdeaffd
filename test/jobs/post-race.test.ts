// Two posts of the same rows at the same time (the pane and the CLI, or two workbooks holding the
// same sheet) end with exactly one live document per row: one run says "created", the other
// "found", both name the same document, and the loser's copy is gone from the live documents.
// Real local service over HTTP.
import { OutcomeUnknownError, type DocSheetClient, type DocumentRecord } from "../../src/api";
import { postJob } from "../../src/jobs/post";
import { loadPostRecord } from "../../src/jobs/post-record";
import { RaceGuard, documentRaces } from "../../src/jobs/race";
import { undoJob } from "../../src/jobs/undo";
import { buildDocument } from "../../src/sheet/body";
import { documentMarker } from "../../src/sheet/marker";
import { readDocuments } from "../../src/sheet/read";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { jobsService, now } from "./service";

jest.setTimeout(120_000);

const svc = jobsService();
const HEADER = ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"];

function rows(prefix: string, n: number): CellValue[][] {
  const out: CellValue[][] = [HEADER];
  // Two customers: each read-back list holds several documents of the race.
  for (let i = 1; i <= n; i++) out.push([`${prefix}${i}`, `${prefix} customer ${i % 2}`, "2026-03-02", true, "Widget", i, 100]);
  return out;
}

/** Every document of the family on the sheet's date whose contact starts with `prefix`, void ones too. */
async function documentsOf(client: DocSheetClient, prefix: string): Promise<DocumentRecord[]> {
  const out: DocumentRecord[] = [];
  for await (const page of client.documents("tax-invoices").listAll({ range: 5, startDate: "2026-03-02", endDate: "2026-03-02", searchString: `${prefix} customer` })) out.push(...page.list);
  return out;
}

const idsOf = (wb: MemoryWorkbook): number[] => {
  const v = wb.sheet("S").values;
  const c = v[0].indexOf("recordId");
  return v.slice(1).map((r) => Number(r[c]));
};

describe("two posts racing on the same rows", () => {
  // Every family's race through the command line is test/families/promises-race.test.ts; here the
  // job's own results, and undo of the workbook of either run.
  it("leave exactly one live document per row, one run created and the other found; undo of either workbook reverses them", async () => {
    const prefix = "race-";
    const a = new MemoryWorkbook({ S: rows(prefix, 12) });
    const b = new MemoryWorkbook({ S: rows(prefix, 12) });
    const [ra, rb] = await Promise.all([
      postJob(a, svc.client, { family: "tax-invoices", now, concurrency: 4 }),
      postJob(b, svc.client, { family: "tax-invoices", now, concurrency: 4 }),
    ]);
    // Each row: created by one run, found by the other, both naming one document.
    const byKey = new Map(rb.results.map((r) => [r.key, r]));
    expect(ra.results).toHaveLength(12);
    for (const r of ra.results) {
      expect([r.kind, byKey.get(r.key)!.kind].sort()).toEqual(["created", "found"]);
      expect(r.recordId).toBe(byKey.get(r.key)!.recordId);
    }
    expect(idsOf(a)).toEqual(idsOf(b));
    const docs = await documentsOf(svc.client, prefix);
    const live = docs.filter((d) => d.statusString !== "void");
    expect(live.map((d) => d.recordId).sort((x, y) => x - y)).toEqual([...idsOf(a)].sort((x, y) => x - y));
    // Losers' copies were voided (tax invoices cannot be deleted): each a document of a row that lost.
    const lost = ra.results.concat(rb.results).filter((r) => /this run's copy/.test(r.message)).length;
    expect(docs.length - live.length).toBe(lost);

    // Both workbooks' records answer for every row: undo of either reverses them all.
    const recA = await loadPostRecord(a, "tax-invoices");
    const recB = await loadPostRecord(b, "tax-invoices");
    expect(recA!.documents.filter((d) => d.created)).toHaveLength(12);
    expect(recB!.documents.filter((d) => d.created)).toHaveLength(12);
    const undone = await undoJob(b, svc.client, { family: "tax-invoices", now });
    expect(undone.counts.voided).toBe(12);
    expect((await documentsOf(svc.client, prefix)).filter((d) => d.statusString !== "void")).toEqual([]);
  });

  it("waits for a list that lags the create before deciding, and the lower record id wins", async () => {
    const a = new MemoryWorkbook({ S: rows("lag-", 1) });
    const first = await postJob(a, svc.client, { family: "tax-invoices", now });
    expect(first.results[0].kind).toBe("created");
    const winner = first.results[0].recordId!;
    // A second create of the same document, as a racing post whose first look missed the winner.
    const block = await a.read({ sheet: "S" });
    const read = readDocuments(block, { family: "tax-invoices" });
    const marker = documentMarker("S", read.documents[0]);
    const built = buildDocument(read.documents[0], "tax-invoices", read.layout, { today: "2026-03-05", marker });
    const api = svc.client.documents("tax-invoices");
    const own = await (api[built.operation] as (b: Record<string, unknown>) => Promise<DocumentRecord>)(built.body);
    expect(own.recordId).toBeGreaterThan(winner);
    // The list hides documents for the first two looks (a lagging list): the guard looks again.
    let looks = 0;
    const lagging = {
      ...svc.client,
      documents: (f: Parameters<DocSheetClient["documents"]>[0]) => {
        const api = svc.client.documents(f);
        return {
          ...api,
          listAll: (q: never, o: never) => {
            looks++;
            if (looks <= 2) return (async function* () { yield { list: [], total: 0, currentPage: 1 }; })();
            return api.listAll(q, o);
          },
        };
      },
    } as unknown as DocSheetClient;
    const guard = new RaceGuard(documentRaces(lagging, "tax-invoices"), { sleep: async () => undefined });
    const settled = await guard.settle(marker, own, "2026-03-02", String(built.body.contactName));
    expect(looks).toBe(3);
    expect(settled).toMatchObject({ kind: "lost", removed: "voided" });
    expect((settled as { winner: DocumentRecord }).winner.recordId).toBe(winner);
    expect((await svc.client.documents("tax-invoices").get(own.recordId)).statusString).toBe("void");
  });
  it("a create whose answer was lost, racing another post: the marker's other live copy is swept away", async () => {
    // The racing post's copy is made just before ours (a lower record id: it wins), then ours is
    // created on the service but its answer lost: this run cannot know which copy is its own.
    const racerIds: number[] = [];
    const lossy = {
      ...svc.client,
      documents: (f: Parameters<DocSheetClient["documents"]>[0]) => {
        const api = svc.client.documents(f);
        const lose = (op: "create" | "createInline") => async (body: Record<string, unknown>) => {
          racerIds.push((await api[op](body as never)).recordId);
          await api[op](body as never);
          throw new OutcomeUnknownError({ operation: `tax-invoices.${op}` });
        };
        return { ...api, create: lose("create"), createInline: lose("createInline") };
      },
    } as unknown as DocSheetClient;
    const wb = new MemoryWorkbook({ S: rows("lost-", 2) });
    const r = await postJob(wb, lossy, { family: "tax-invoices", now });
    expect(r.results.map((x) => x.kind)).toEqual(["found", "found"]);
    expect(r.results.map((x) => x.recordId).sort()).toEqual([...racerIds].sort());
    const live = (await documentsOf(svc.client, "lost-")).filter((d) => d.statusString !== "void");
    expect(live.map((d) => d.recordId).sort()).toEqual([...racerIds].sort());
  });
});
