// Every family's post from the pane writes its results back in few Excel syncs (issue 34), on the
// strict Office.js fake (which counts syncs) against the real local service: the pane's services
// post the family's sample sheet and every port.write the write-back makes is counted. A write per
// row was about 1,000 syncs for 1,000 certificates. The records pulled from the pane are then read
// again by its refresh as Excel gives cells back (dates as serial numbers): every row as pulled. Here 60 records a family, which a write per
// row would take 60 syncs to write back (the bench, `npm run bench`, posts 1,000): held to 20,
// whatever the machine's speed (batches close by count, 100, or by a clock that grows from 2 s).
// And check and post agree, every family: the pane's one Check and the post read and check the
// sheet by the same steps (jobs/check.ts checkRows), so the one row Check marks is the one row the
// post does not send.
import { postJob } from "../../src/jobs/post";
import { ExcelPort } from "../../src/workbook/excel";
import { createServices } from "../../src/taskpane/services";
import { jobsService } from "../jobs/service";
import { FakeExcel } from "../workbook/excel-fake";
import { countedPort } from "../workbook/counted-port";
import { SAMPLES, sampleSheet } from "./samples";
import { EVERY_FAMILY, liveRecords } from "./support";

jest.setTimeout(180_000);

const svc = jobsService();
const N = 60;

test.each(EVERY_FAMILY)("%s: a post of 60 records from the pane writes its results back in at most 20 Excel syncs, every row told; pulled and refreshed at once, every row unchanged", async (family, entry) => {
  const prefix = `X${EVERY_FAMILY.findIndex(([f]) => f === family)}`;
  const sample = SAMPLES[family];
  await sample.before?.(svc.client, prefix, N);
  const values = sampleSheet(family, prefix, N).map((row) => row.map((v) => v ?? "")) as (string | number | boolean)[][];
  const excel = new FakeExcel("1.18", [sample.sheet]);
  excel.sheet(sample.sheet).fill(values);
  excel.select(excel.sheet(sample.sheet), 0, 0, values.length, values[0].length);
  const counted = countedPort(excel);
  const services = createServices({ port: counted.port, relayBase: null });
  await services.connect({ environment: "custom", customRoot: svc.service.root, ...svc.demo } as never);
  const ctx = { lang: "en" as const };
  const t0 = performance.now();
  const created = (await services.post(family, ctx)).created;
  const ms = performance.now() - t0;
  expect(created).toBe(N);
  // A batch of 100 or the end, and those the clock closed on a slow machine (after 2 s, then each
  // 1.5 times longer: jobs/write-batch.ts), never more than 20.
  let clocked = 0;
  for (let t = 0, wait = 2000; t + wait <= ms; t += wait, wait = Math.min(10_000, wait * 1.5)) clocked++;
  expect(counted.writeSyncs()).toBeGreaterThan(0);
  expect(counted.writeSyncs()).toBeLessThanOrEqual(Math.min(20, 2 + clocked));
  // Every record's row holds its record id.
  const header = Array.from({ length: values[0].length + 20 }, (_, c) => String(excel.sheet(sample.sheet).value(0, c)));
  const idCol = header.findIndex((h) => /^record ?id$/i.test(h));
  const key = values.map((r) => r[0]);
  const ids = values.slice(1).map((_, r) => excel.sheet(sample.sheet).value(r + 1, idCol)).filter((v, r) => key.indexOf(key[r + 1]) === r + 1);
  expect(ids).toHaveLength(N);
  expect(ids.every((v) => typeof v === "number" && v > 0)).toBe(true);
  // A book's Update from the pane is the one update job's: every record verified on the service,
  // none changed since, so none to send.
  if (entry.kind === "book" && entry.updates) {
    excel.select(excel.sheet(sample.sheet), 0, 0, values.length, header.findIndex((h) => h === "" || h === "undefined" || h === "null"));
    const c = (await services.update(family, true, ctx)).counts;
    expect({ update: c.update, unchanged: c.unchanged, notSent: c.conflict + c.refused + c.invalid + c.failed + c.cancelled })
      .toEqual({ update: 0, unchanged: N, notSent: 0 });
  }
  // The family's pull from the pane (the prefix's where the family takes a search: its card's
  // filters), refreshed at once: nothing changed anywhere, so every row is unchanged and nothing is written.
  const pulled = await services.pull(family, { search: prefix, perLine: false }, ctx);
  const writes = counted.writeSyncs();
  const refreshed = await services.refresh(false, ctx);
  expect(refreshed.sheet).toBe(pulled.sheet);
  expect(refreshed.counts).toMatchObject({ refreshed: 0, added: 0, edited: 0, deleted: 0, void: 0 });
  expect(refreshed.counts.unchanged).toBeGreaterThanOrEqual(N);
  expect(counted.writeSyncs()).toBe(writes);
});

test.each(EVERY_FAMILY)("%s: check and post agree: a sheet with one bad row: check reports it at its cell, post sends every other row and not that one", async (family, entry) => {
  const prefix = `B${EVERY_FAMILY.findIndex(([f]) => f === family)}`;
  const sample = SAMPLES[family];
  await sample.before?.(svc.client, prefix, 3);
  const values = sampleSheet(family, prefix, 3).map((row) => row.map((v) => v ?? "")) as (string | number | boolean)[][];
  // Record 2's first row spoiled.
  const bad = 1 + sample.rows(prefix, 1).length;
  const col = sample.header.indexOf(sample.bad[0]);
  values[bad][col] = sample.bad[1] as string;
  const excel = new FakeExcel("1.18", [sample.sheet]);
  excel.sheet(sample.sheet).fill(values);
  excel.select(excel.sheet(sample.sheet), 0, 0, values.length, values[0].length);
  const port = new ExcelPort(excel.host());
  // The pane's one Check for every family, connected: the sheet read as the post reads it.
  const services = createServices({ port, relayBase: null });
  await services.connect({ environment: "custom", customRoot: svc.service.root, ...svc.demo } as never);
  const checked = await services.check(family as never, { lang: "en" });
  const errors = checked.findings.filter((f) => f.severity === "error");
  const cell = `${String.fromCharCode(65 + col)}${bad + 1}`;
  expect([...new Set(errors.map((f) => f.cell))]).toEqual([cell]);
  // Marked at its cell, in the one remark of the check.
  expect(excel.sheet(sample.sheet).notes.has(cell)).toBe(true);
  const posted = await postJob(port, svc.client, { family, target: { sheet: sample.sheet } });
  expect(posted.results.filter((r) => r.kind !== "created").map((r) => [r.kind, r.rows[0]])).toEqual([["invalid", bad]]);
  expect(posted.counts.created).toBe(2);
  expect([...(await liveRecords(svc.client, entry, prefix)).keys()].sort()).toEqual([`${prefix}-1`, `${prefix}-3`]);
});
