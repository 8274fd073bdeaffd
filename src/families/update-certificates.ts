// How the update job (jobs/update.ts) updates withholding tax certificates, beside the entries as
// post-certificates.ts is: a row with a record id is built as check and post build it and compared
// with the service's copy as a pulled sheet shows both (sheet/wht-rows.ts), over the columns the
// sheet has; a changed one is sent (PUT /withholding-taxes/{id}) as the service's copy under the
// sheet's fields, its post's marker kept in its notes. Not sent, each with the reason in its row:
// certificates the service changed since the sheet last saw them (their fingerprint, as the entry's
// proof reads it: families/proofs.ts), certificates that are not awaiting (the
// service edits only those, as the documents'), rows whose build fails, and rows whose record id and
// serial do not name the same certificate (jobs/verify.ts). An empty cell leaves the service's
// value: the sheet's fields go over the copy where it gives them. A certificate sent takes its
// status and a new fingerprint, as a pull of the sheet's language writes it (refresh reads it).
import { WHT_FAMILY } from "../rules/codes";
import type { Json } from "../rules/json";
import { WithholdingTaxSchema } from "../rules/schemas";
import type { WithholdingTaxBody } from "../rules/schemas/bodies";
import { Decimal, formatMoney } from "../rules/money";
import { sortFindings } from "../sheet/findings";
import type { Lang } from "../sheet/i18n/lang";
import { render } from "../sheet/i18n/render";
import { resultMsg } from "../sheet/i18n/results";
import { statusText } from "../sheet/i18n/status";
import { markerIn } from "../sheet/marker";
import { readDocuments, type SheetLayout } from "../sheet/read";
import { buildCertificate } from "../sheet/wht-sheet";
import { certificateCells, whtColumn, WHT_KEYS } from "../sheet/wht-rows";
import type { CellValue } from "../workbook/port";
import { shownDate } from "../jobs/month";
import { notSent } from "../jobs/not-sent";
import type { ShownChange } from "../jobs/shown-change";
import { rowMismatch } from "../jobs/verify";
import type { DocumentRecord } from "../api";
import { familySheet } from "./sheets";
import { familyEntry } from "./index";
import { pulledFingerprint } from "./pull-certificates";
import { headerLanguage } from "../sheet/writeback";
import type { Updating } from "./updating";

/** The certificate's fields a sheet column gives, by the column's key: the body fields it sets. */
const HEADER_WIRES: Readonly<Record<string, readonly string[]>> = {
  contactName: ["contactName"], contactTaxId: ["contactTaxId"], contactBranch: ["contactBranch"], contactAddress: ["contactAddress"],
  contactZipCode: ["contactZipCode"], contactEmail: ["contactEmail"], contactNumber: ["contactNumber"], publishedOn: ["publishedOn"],
  // The form follows the payee and the income (wht-sheet.ts): the contact group with it.
  entity: ["entity", "contactGroup"], taxPayment: ["taxPayment"], remarks: ["remarks"], internalNotes: ["internalNotes"],
};
/** A line's columns: the lines and the totals they make are sent together. */
const LINE_KEYS = ["item.incomeType", "item.taxRate", "item.taxAmount", "item.withheld"];
const LINE_WIRES = ["withholdingTaxItems", "total", "totalTaxWithheld"];
/** What the PUT takes (the rest of the answer is the service's own). */
const BODY_FIELDS: readonly string[] = Object.keys(WithholdingTaxSchema.shape);
const MONEY = new Set(["item.taxAmount", "item.withheld"]);
/** The columns a row's result goes in, not compared. */
const NOT_COMPARED = new Set(["documentKey", "recordId", "documentSerial", "status", "result"]);

/** The sheet's fields over the service's copy: only those the sheet has a column for and gives. */
function overSheet(copy: Json, body: WithholdingTaxBody, layout: SheetLayout): Json {
  const cols = layout.headers.columns;
  const given = body as unknown as Json;
  const wires = [
    ...Object.entries(HEADER_WIRES).filter(([key]) => cols.has(key)).flatMap(([, w]) => w),
    ...(LINE_KEYS.some((k) => cols.has(k)) ? LINE_WIRES : []),
  ];
  const merged: Json = { ...copy };
  for (const w of wires) if (given[w] !== undefined && given[w] !== "") merged[w] = given[w];
  return merged;
}

/** A cell of a pulled row as the preview says it. */
function cellText(key: string, v: CellValue | undefined, lang: Lang): string {
  if (v === undefined || v === null || v === "") return render(resultMsg("emptyValue"), lang);
  if (v instanceof Date) return shownDate(v.toISOString().slice(0, 10), lang);
  if (typeof v === "number" && MONEY.has(key)) return formatMoney(new Decimal(v));
  return String(v);
}

/** Each column the sheet has whose cell a pull of `to` shows otherwise than a pull of `from`. */
function shownChanges(from: Json, to: Json, layout: SheetLayout, lang: Lang): ShownChange[] {
  const before = certificateCells(from, lang);
  const after = certificateCells(to, lang);
  const keys = WHT_KEYS.filter((key) => !NOT_COMPARED.has(key) && layout.headers.columns.has(key));
  const lines = Math.max(before.length, after.length);
  const changes: ShownChange[] = [];
  for (let line = 0; line < lines; line++) {
    for (const key of keys) {
      const isLine = key.startsWith("item.");
      if (line > 0 && !isLine) continue;
      const [a, b] = [cellText(key, before[line]?.[key], lang), cellText(key, after[line]?.[key], lang)];
      const header = whtColumn(key, lang).header;
      if (a !== b) changes.push({ field: isLine && lines > 1 ? `${header} (${line + 1})` : header, from: a, to: b });
    }
  }
  return changes;
}

export const CERTIFICATE_UPDATING: Updating = {
  read: async (block, o) => readDocuments(block, { mapping: o.mapping, table: familySheet(WHT_FAMILY).fields }),
  columns: ["status", "result", "fingerprint"],
  reportsFindings: false,
  async plan(client, doc, copy, { read, lang, today }) {
    // First of all: the record id must name the row's certificate, or nothing is compared with it.
    const proof = familyEntry(WHT_FAMILY).proof;
    const other = rowMismatch(doc, copy as unknown as DocumentRecord, proof);
    if (other) return { kind: "refused", message: other };
    const own = read.findings.filter((f) => doc.rows.includes(f.row) && f.severity === "error");
    if (own.length > 0 || doc.broken) return { kind: "invalid", message: notSent(own) };
    // Undefined where the row keeps none it can tell by (cleared, typed over, an older version's).
    const since = proof.changed(doc.fields.fingerprint?.value, copy);
    if (since) return { kind: "conflict", message: resultMsg("changedOnServiceUnnamed") };
    // The post's marker stays in the notes: undo and a post run again know the certificate by it.
    const built = buildCertificate(doc, read.layout, { today, marker: markerIn(typeof copy.internalNotes === "string" ? copy.internalNotes : undefined) });
    const problems = sortFindings(built.findings.filter((f) => f.severity === "error"));
    if (problems.length > 0) return { kind: "invalid", message: notSent(problems) };
    const merged = overSheet(copy, built.body, read.layout);
    const changes = shownChanges(copy, merged, read.layout, lang);
    if (changes.length === 0) return { kind: "unchanged", message: resultMsg("noChanges") };
    const status = String(copy.statusString ?? copy.status ?? "");
    if (status !== "awaiting") return { kind: "refused", message: resultMsg("notAwaiting", { family: WHT_FAMILY, status }), changes };
    const fields = [...new Set(changes.map((c) => c.field))].join(", ");
    // No fingerprint (the hidden cell cleared, a pulled sheet): sent, but the row says what could not be checked.
    const unchecked = since === undefined;
    const body = Object.fromEntries(BODY_FIELDS.filter((k) => merged[k] !== undefined).map((k) => [k, merged[k]])) as WithholdingTaxBody;
    const id = Number(doc.fields.recordId!.value);
    return {
      kind: "update", changes, ...(unchecked ? { unchecked: true } : {}),
      message: resultMsg(unchecked ? "toUpdateUnchecked" : "toUpdate", { fields }),
      done: resultMsg(unchecked ? "updatedUnchecked" : "updated", { fields }),
      send: async (signal) => (await client.withholdingTaxes.update(id, body, { signal })) as unknown as Json,
    };
  },
  written: (_doc, answer, { lang, read }) => ({
    values: answer ? {
      fingerprint: pulledFingerprint(answer, headerLanguage(read.layout) === "th" ? "th" : "en"),
      status: statusText(String(answer.statusString ?? "awaiting"), lang),
    } : {},
  }),
};
