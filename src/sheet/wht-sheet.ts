// Rows of a withholding tax certificate sheet → certificates (the body /withholding-taxes takes),
// and every problem at its cell: rows with the same document key are one certificate, one row per
// income line. The form (ภ.ง.ด.3 / ภ.ง.ด.53) is taken from the payee's tax id when no column gives
// it; the tax withheld from the income paid and the rate when its cell is empty, and checked to
// the satang when it is not; the rate must be one allowed for the income type. Pure.
import { CONTACT_GROUP } from "../rules/codes";
import { parseDecimal, toWireNumber, ZERO, type Decimal } from "../rules/money";
import {
  INCOME_TYPES, WHT_FORM, formOfTaxId, incomeTypeOf, incomeTypeText, isJuristicTaxId, withheldOf, type IncomeType, type WhtForm,
} from "../rules/withholding";
import { ruleMsg } from "../rules/messages";
import { sortFindings, type CellFinding } from "./findings";
import { NOTES_MAX, notesWithMarker, stripMarkers } from "./marker";
import { sheetMsg } from "./messages";
import { pinFinding, type FieldRef } from "./pin";
import type { ReadResult, SheetDocument, SheetLayout } from "./read";
import type { WithholdingTaxBody } from "../rules/schemas/bodies";
import type { Message } from "../rules/message";

export interface BuiltCertificate {
  body: WithholdingTaxBody;
  form: WhtForm;
  /** Errors stop the certificate; notes and warnings do not. */
  findings: CellFinding[];
}

export interface CertificateOptions {
  /** YYYY-MM-DD used when the sheet gives no date paid. */
  today: string;
  /** The post's marker, added to internalNotes. */
  marker?: string;
}

const fmt = (d: Decimal): string => d.toFixed(2);
const rateText = (r: number | Decimal): string => String(Number(r));
const typeName = (t: IncomeType): string => `${t.en} (${t.th}, s.${t.section})`;
const TYPE_LIST = INCOME_TYPES.map((t) => t.en.toLowerCase()).join(", ");

/** A certificate built from its rows, with the findings about them. */
export function buildCertificate(doc: SheetDocument, layout: SheetLayout, opts: CertificateOptions): BuiltCertificate {
  const findings: CellFinding[] = [];
  const at = (ref: FieldRef, message: Message): void => {
    findings.push(pinFinding(doc, layout, ref, message));
  };
  const value = (key: string): unknown => doc.fields[key]?.value;
  const taxId = typeof value("contactTaxId") === "string" ? String(value("contactTaxId")) : "";
  if (!taxId && !doc.unreadable.has("contactTaxId")) at({ key: "contactTaxId" }, sheetMsg("whtTaxIdMissing"));
  if (value("contactName") === undefined && !doc.unreadable.has("contactName")) at({ key: "contactName" }, ruleMsg("contactRequired"));

  // The form: as given, which must agree with the payee's kind; else the tax id's.
  const given = value("entity");
  let form: WhtForm = taxId ? formOfTaxId(taxId) : WHT_FORM.PND3;
  if (given === WHT_FORM.PND3 || given === WHT_FORM.PND53) {
    form = given;
    if (taxId && form === WHT_FORM.PND3 && isJuristicTaxId(taxId)) at({ key: "entity" }, sheetMsg("whtFormJuristic", { taxId }));
    if (taxId && form === WHT_FORM.PND53 && !isJuristicTaxId(taxId)) at({ key: "entity" }, sheetMsg("whtFormIndividual", { taxId }));
  }
  if (value("taxPayment") === undefined && !doc.unreadable.has("taxPayment")) at({ key: "taxPayment" }, sheetMsg("whtConditionMissing"));

  let total: Decimal = ZERO;
  let withheldSum: Decimal = ZERO;
  const items = doc.lines.map((line, i) => {
    const cell = (key: string): unknown => line.fields[key]?.value;
    const unreadable = (key: string): boolean => line.unreadable.has(key);
    const item: Record<string, unknown> = {};
    const typeText = cell("item.incomeType");
    let type: IncomeType | undefined;
    if (typeText === undefined) {
      if (!unreadable("item.incomeType")) at({ key: "item.incomeType", line: i }, sheetMsg("whtIncomeTypeMissing"));
    } else {
      type = incomeTypeOf(String(typeText));
      if (!type) at({ key: "item.incomeType", line: i }, sheetMsg("whtIncomeTypeUnknown", { text: String(typeText), types: TYPE_LIST }));
    }
    if (type) {
      item.incomeType = type.incomeType;
      item.description = incomeTypeText(type, "th");
    }
    const rate = parseDecimal(cell("item.taxRate"));
    if (rate === null) {
      if (!unreadable("item.taxRate")) at({ key: "item.taxRate", line: i }, sheetMsg("whtRateMissing", { rates: (type?.rates ?? [3]).join(", ") }));
    } else {
      item.taxRate = rate.toNumber();
      if (type && !type.rates.includes(rate.toNumber())) {
        at({ key: "item.taxRate", line: i }, sheetMsg("whtRateNotAllowed", { rate: rateText(rate), type: typeName(type), rates: type.rates.join("% or ") }));
      }
    }
    const amount = parseDecimal(cell("item.taxAmount"));
    if (amount === null) {
      if (!unreadable("item.taxAmount")) at({ key: "item.taxAmount", line: i }, sheetMsg("whtAmountMissing"));
    } else if (!amount.greaterThan(0)) {
      at({ key: "item.taxAmount", line: i }, sheetMsg("whtAmountNotPositive"));
    } else {
      item.taxAmount = toWireNumber(amount);
      total = total.plus(amount);
    }
    const stated = parseDecimal(cell("item.withheld"));
    if (amount !== null && rate !== null) {
      const expected = withheldOf(amount, rate);
      if (stated !== null && !stated.equals(expected)) {
        at({ key: "item.withheld", line: i }, sheetMsg("whtTaxDiffers", {
          given: fmt(stated), amount: fmt(amount), rate: rateText(rate), expected: fmt(expected),
        }));
      }
      item.withheld = toWireNumber(expected);
      withheldSum = withheldSum.plus(expected);
    } else if (stated !== null) item.withheld = toWireNumber(stated);
    return item;
  });

  const body: Record<string, unknown> = {
    contactName: value("contactName"),
    contactTaxId: taxId || undefined,
    contactBranch: value("contactBranch") ?? (isJuristicTaxId(taxId) ? "00000" : undefined),
    contactAddress: value("contactAddress"),
    contactZipCode: value("contactZipCode"),
    contactEmail: value("contactEmail"),
    contactNumber: value("contactNumber"),
    contactGroup: form === WHT_FORM.PND53 ? CONTACT_GROUP.Juristic : CONTACT_GROUP.Individual,
    publishedOn: value("publishedOn") ?? opts.today,
    entity: form,
    taxPayment: value("taxPayment"),
    withholdingTaxItems: items,
    total: toWireNumber(total),
    totalTaxWithheld: toWireNumber(withheldSum),
    remarks: value("remarks"),
  };
  const notes = typeof value("internalNotes") === "string" ? stripMarkers(String(value("internalNotes"))) : "";
  const withMarker = opts.marker && notes.length <= NOTES_MAX ? notesWithMarker(notes, opts.marker) : notes;
  if (withMarker) body.internalNotes = withMarker;
  for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
  // Cells are read untyped: the findings above stop a certificate whose fields the body needs are wrong.
  return { body: body as WithholdingTaxBody, form, findings };
}

export interface CheckedCertificate {
  doc: SheetDocument;
  built: BuiltCertificate;
  /** The read's and the build's errors of this certificate. */
  errors: CellFinding[];
}

/** Every certificate of the sheet not posted yet, with its findings; all findings sorted. */
export function checkCertificates(
  read: ReadResult, opts: { today: string; markerOf?: (doc: SheetDocument) => string },
): { certificates: CheckedCertificate[]; findings: CellFinding[] } {
  const findings: CellFinding[] = [...read.findings];
  const certificates: CheckedCertificate[] = [];
  for (const doc of read.documents) {
    if (doc.fields.recordId) continue;
    const built = buildCertificate(doc, read.layout, { today: opts.today, marker: opts.markerOf?.(doc) });
    findings.push(...built.findings);
    const errors = [
      ...read.findings.filter((f) => doc.rows.includes(f.row) && f.severity === "error"),
      ...built.findings.filter((f) => f.severity === "error"),
    ];
    certificates.push({ doc, built, errors });
  }
  return { certificates, findings: sortFindings(findings) };
}

export type { SheetLayout };
