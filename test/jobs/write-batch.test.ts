// The write-back's batches (jobs/write-batch.ts): written when full, when the clock says so (a wait
// that grows), and on flush; in the order the writes came; nothing written when nothing waits.
import { WriteBatch } from "../../src/jobs/write-batch";
import { MemoryWorkbook } from "../../src/workbook/memory";

function counted(): { wb: MemoryWorkbook; writes: number[] } {
  const wb = new MemoryWorkbook({ S: [] });
  const writes: number[] = [];
  const write = wb.write.bind(wb);
  wb.write = async (sheet, cells) => {
    writes.push(cells.length);
    await write(sheet, cells);
  };
  return { wb, writes };
}

const cell = (row: number, value: string) => [{ row, col: 0, values: [[value]] }];

describe("write batches", () => {
  it("writes a full batch at once and the rest on flush, in order", async () => {
    const { wb, writes } = counted();
    const batch = new WriteBatch(wb, "S", { docs: 3, clock: () => 0 });
    batch.add([{ row: 0, col: 0, values: [["Result"]] }], 0);
    for (let i = 1; i <= 7; i++) await batch.push(cell(i, `r${i}`));
    expect(writes).toEqual([4, 3]);
    await batch.push(cell(1, "again"));
    await batch.flush();
    await batch.flush();
    expect(writes).toEqual([4, 3, 2]);
    expect(wb.sheet("S").values.map((r) => r[0])).toEqual(["Result", "again", "r2", "r3", "r4", "r5", "r6", "r7"]);
  });

  it("writes what waited past its time, and waits longer each time the clock closed a batch", async () => {
    const { wb, writes } = counted();
    let now = 0;
    const batch = new WriteBatch(wb, "S", { docs: 100, ms: 1000, clock: () => now });
    const at = async (t: number, row: number) => {
      now = t;
      await batch.push(cell(row, "x"));
    };
    await at(0, 1);
    await at(999, 2);
    expect(writes).toEqual([]);
    await at(1000, 3); // 1 s: the first batch
    await at(1100, 4);
    await at(2200, 5); // 1.1 s later: under the 1.5 s the next one waits
    expect(writes).toEqual([3]);
    await at(2600, 6); // 1.5 s after its first write
    expect(writes).toEqual([3, 3]);
  });
});
