// Journal entries (service-facts §5.7): rows resolved against the company's chart of accounts (by
// id, or by code), totals with decimals, and the balance rule for approval (debits = credits).
import { Decimal, parseDecimal, roundHalfUp, toWireNumber } from "../../rules/money";
import { finding, type Finding } from "../../rules/findings";
import { serviceText } from "../../rules/message";
import type { chartOfAccounts, journalEntries } from "../store/schema";
import type { Json } from "../../rules/json";

type Account = typeof chartOfAccounts.$inferSelect;
export type JournalRow = typeof journalEntries.$inferSelect;

export const DEBIT = 1;
export const CREDIT = 3;
/** JournalEntryStatus numbers ([V3]: 0, 1, 5, 9): 0 draft, 5 approved. */
export const JOURNAL_STATUS = { draft: 0, approved: 5 } as const;
export type JournalStatus = keyof typeof JOURNAL_STATUS;

export const MSG = {
  account: "chartOfAccountId {given} is not an account of the company's chart of accounts",
  value: "value must be greater than 0",
  unbalanced: "Total debit ({debit}) must equal total credit ({credit})",
  sides: "An approved journal entry needs at least one debit row and one credit row",
} as const;

export interface Booked {
  rows: Json[];
  debit: Decimal;
  credit: Decimal;
  findings: Finding[];
}

/** Finds an account by id (number or numeric text) or by code (text). */
function accountOf(chart: Account[], given: unknown): Account | undefined {
  if (typeof given === "number") return chart.find((a) => a.id === given);
  const text = String(given).trim();
  return chart.find((a) => a.code === text) ?? (/^\d+$/.test(text) ? chart.find((a) => a.id === Number(text)) : undefined);
}

export function bookRows(rows: Json[], chart: Account[], approve: boolean): Booked {
  const findings: Finding[] = [];
  let debit = new Decimal(0);
  let credit = new Decimal(0);
  const booked = rows.map((row, i) => {
    const at = (f: string) => `bookOfAccounts.${i}.${f}`;
    const account = accountOf(chart, row.chartOfAccountId);
    if (!account) findings.push(finding(at("chartOfAccountId"), serviceText(MSG.account.replace("{given}", String(row.chartOfAccountId)))));
    const value = parseDecimal(row.value);
    if (value === null || !value.greaterThan(0)) findings.push(finding(at("value"), serviceText(MSG.value)));
    const amount = roundHalfUp(value ?? 0, 2);
    if (row.debitCredit === DEBIT) debit = debit.plus(amount);
    else credit = credit.plus(amount);
    return {
      ...row, chartOfAccountId: account?.id ?? row.chartOfAccountId, accountCode: account?.code ?? "",
      accountName: account?.body.nameLocal ?? "", accountNameEn: account?.body.nameForeign ?? "", value: toWireNumber(amount),
    };
  });
  if (approve && findings.length === 0) {
    if (!rows.some((r) => r.debitCredit === DEBIT) || !rows.some((r) => r.debitCredit === CREDIT)) findings.push(finding("bookOfAccounts", serviceText(MSG.sides)));
    else if (!debit.equals(credit)) {
      findings.push(finding("bookOfAccounts", serviceText(MSG.unbalanced.replace("{debit}", debit.toFixed(2)).replace("{credit}", credit.toFixed(2)))));
    }
  }
  return { rows: booked, debit, credit, findings };
}

export function journalAnswer(row: JournalRow): Json {
  const status = row.status as JournalStatus;
  return {
    ...row.body,
    recordId: row.id,
    id: row.id,
    documentSerial: row.serial,
    documentType: row.documentType,
    documentDate: row.documentDate,
    status: JOURNAL_STATUS[status] ?? 0,
    statusString: status,
  };
}
