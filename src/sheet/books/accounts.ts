// The company's chart of accounts as a journal sheet names its accounts: by code (41111), by id,
// by name in Thai or English, or by the "code name" a drop-down of the lists sheet shows. Pure.
import { normalizeName } from "../fields";
import type { Json } from "../../rules/json";

export interface ChartAccount {
  id: number;
  code: string;
  nameLocal: string;
  nameForeign: string;
}

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/** The service's chart (GET /chart-of-accounts/accounts) as accounts. */
export function chartOf(records: readonly Json[]): ChartAccount[] {
  return records.flatMap((r) => {
    const id = Number(r.chartOfAccountId ?? r.id);
    const code = text(r.code);
    if (!Number.isSafeInteger(id) || id <= 0 || code === "") return [];
    return [{ id, code, nameLocal: text(r.nameLocal), nameForeign: text(r.nameForeign) }];
  });
}

/** What the lists sheet and a pulled sheet show for an account. */
export function accountLabel(a: ChartAccount, lang: "en" | "th"): string {
  const name = lang === "th" ? a.nameLocal || a.nameForeign : a.nameForeign || a.nameLocal;
  return name ? `${a.code} ${name}` : a.code;
}

export interface AccountIndex {
  find(given: string | number): ChartAccount | undefined;
}

export function accountIndex(chart: readonly ChartAccount[]): AccountIndex {
  const byCode = new Map<string, ChartAccount>();
  const byId = new Map<number, ChartAccount>();
  const byName = new Map<string, ChartAccount>();
  for (const a of chart) {
    byCode.set(a.code, a);
    byId.set(a.id, a);
    for (const n of [a.nameLocal, a.nameForeign]) if (n && !byName.has(normalizeName(n))) byName.set(normalizeName(n), a);
  }
  return {
    find(given) {
      const t = String(given).trim();
      if (t === "") return undefined;
      const hit = byCode.get(t) ?? byName.get(normalizeName(t));
      if (hit) return hit;
      // A code is tried before an id: 11111 is the cash account's code, not account #11111.
      if (/^\d+$/.test(t)) return byId.get(Number(t));
      // "41111 Sales revenue": a label from the lists sheet or a pulled sheet.
      const m = /^(\S+)\s+(.+)$/.exec(t);
      const a = m ? byCode.get(m[1]) : undefined;
      return a && [a.nameLocal, a.nameForeign].some((n) => normalizeName(n) === normalizeName(m![2])) ? a : undefined;
    },
  };
}
