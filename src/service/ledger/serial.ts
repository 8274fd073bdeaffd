// Serials of the registers that are not document families (withholding-tax certificates, journal
// entries): PREFIX + YYYYMM + 4 digits, counted per company, register and month in the same
// serial_counters table (atomic: INSERT ... ON CONFLICT DO UPDATE holds the row until commit).
import { sql } from "drizzle-orm";
import type { Tx } from "../store/database";
import { serialCounters } from "../store/schema";

export async function nextRegisterSerial(tx: Tx, companyId: number, register: string, prefix: string, date: string): Promise<string> {
  const period = date.slice(0, 4) + date.slice(5, 7);
  const [row] = await tx.insert(serialCounters).values({ companyId, family: register, period, last: 1 })
    .onConflictDoUpdate({ target: [serialCounters.companyId, serialCounters.family, serialCounters.period], set: { last: sql`${serialCounters.last} + 1` } })
    .returning({ last: serialCounters.last });
  return `${prefix}${period}${String(row.last).padStart(4, "0")}`;
}
