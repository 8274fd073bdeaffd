// Every family keeps its race promise (issue 34): two copies of one workbook posted at once through
// the real bin, each through a proxy that holds its k-th send until the other has sent its k-th (so
// both look every row up before either creates it), end with exactly one live record per row,
// which both outputs name. Where the service cannot remove the loser (the entry's raceLoser
// "report": journal vouchers), the run that made the duplicate says so at the row, with the
// duplicate's id, and exits 1: never two rows "created" and exit 0.
import { cliRunner, type Run } from "../cli/run";
import { cliSession, sheetRows } from "../cli/session";
import { SAMPLES } from "./samples";
import { EVERY_FAMILY, lockstepProxy, taggedRecords, writeSample } from "./support";

jest.setTimeout(180_000);

const s = cliSession("promises-race");
const docsheet = cliRunner();
// The other side of each race: a second runner process of the worker, so both runs are processes
// of their own, as two copies of the bin are, without a node start and module load per race.
const rival = cliRunner(1);
const N = 3;

test.each(EVERY_FAMILY)("%s: two posts of the same rows at once end with one live record per row, or name the duplicate and exit 1", async (family, entry) => {
  const prefix = `R${EVERY_FAMILY.findIndex(([f]) => f === family)}`;
  await SAMPLES[family].before?.(s.client, prefix, N);
  const books = [await writeSample(s.dir, `${prefix}a`, family, prefix, N), await writeSample(s.dir, `${prefix}b`, family, prefix, N)];
  const proxy = await lockstepProxy(s.service.root);
  let runs;
  try {
    // One run in each of the worker's two runners: two processes, both at once.
    const run = (side: 0 | 1, cli: Run) => cli(["post", books[side], "--family", family, "--base-url", proxy.roots[side], ...s.auth, "--concurrency", "1"]).finally(() => proxy.ended(side));
    runs = await Promise.all([run(0, docsheet), run(1, rival)]);
  } finally {
    await proxy.close();
  }
  const outputs = await Promise.all(books.map((book) => sheetRows(book.replace(/\.xlsx$/, ".posted.xlsx"))));
  const key = SAMPLES[family].header[0];
  const records = await taggedRecords(s.client, entry, prefix);
  for (let i = 1; i <= N; i++) {
    const tag = `${prefix}-${i}`;
    const rows = outputs.map((out) => out.find((r) => r[key] === tag)!);
    const said = rows.map((r) => String(r.result));
    const made = records.get(tag) ?? [];
    const live = made.filter((r) => r.live);
    // Both rows name the one live record that is the row's (the first made), and one run made it.
    expect({ tag, said, ids: rows.map((r) => r.recordId) }).toEqual({ tag, said: expect.arrayContaining(["created"]), ids: [made[0].id, made[0].id] });
    expect({ tag, created: said.filter((t) => t === "created").length }).toEqual({ tag, created: 1 });
    // The other row lost the race: to the read-back, or to the service's refusal of a second code.
    expect(said.find((t) => t !== "created")).toMatch(/^(found: )?another post of this row running at the same time|^found on the service, not created again$/);
    if (entry.raceLoser === "delete") {
      expect({ tag, live: live.map((r) => r.id) }).toEqual({ tag, live: [made[0].id] });
    } else {
      // The service keeps the loser's copy: the losing row names it, and its run exits 1.
      expect(made).toHaveLength(2);
      const loser = said.findIndex((t) => t !== "created");
      expect(said[loser]).toContain(`(record id ${made[1].id})`);
      expect(runs[loser].code).toBe(1);
    }
  }
});
