// The Excel port over the strict fake, counting the syncs its writes cost (a post's write-back):
// the figure the family suite holds to ≤ 20 and the benches print.
import { ExcelPort } from "../../src/workbook/excel";
import type { FakeExcel } from "./excel-fake";

export function countedPort(excel: FakeExcel): { port: ExcelPort; writeSyncs: () => number } {
  let writeSyncs = 0;
  class Counted extends ExcelPort {
    override async write(...args: Parameters<ExcelPort["write"]>): Promise<void> {
      const from = excel.syncLog.length;
      await super.write(...args);
      writeSyncs += excel.syncLog.length - from;
    }
  }
  return { port: new Counted(excel.host()), writeSyncs: () => writeSyncs };
}
