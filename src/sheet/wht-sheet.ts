// Rows of a withholding tax certificate sheet → certificates (the body /withholding-taxes takes),
// and every problem at its cell: rows with the same document key are one certificate, one row per
// income line. The form follows the payee's kind (tax id) and the income's section (ภ.ง.ด.1, 2, 3
// or 53); a form given that says otherwise is wrong at its cell; the tax withheld from the income paid and the rate when its cell is empty, and checked to
// the satang when it is not; the rate must be one allowed for the income type. Pure.
import { CONTACT_GROUP } from "../rules/codes";
import { parseDecimal, toWireNumber, ZERO, type Decimal } from "../rules/money";
import {
  FORM_NAME, INCOME_TYPES, WHT_FORM, formOfPayment, incomeTypeOf, incomeTypeText, incomeTypesOfSection, isJuristicTaxId, isWhtForm, withheldOf,
  type IncomeType, type WhtForm,
} from "../rules/certificate-forms";
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

const typeChoices = (types: readonly IncomeType[]): string => types.map((t) => incomeTypeText(t, "en")).join(", ");
const TYPE_LIST = typeChoices(INCOME_TYPES);

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

  if (value("taxPayment") === undefined && !doc.unreadable.has("taxPayment")) at({ key: "taxPayment" }, sheetMsg("whtConditionMissing"));

  let total: Decimal = ZERO;
  let withheldSum: Decimal = ZERO;
  const types: (IncomeType | undefined)[] = [];
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
      // A typed section ("40(2)", "ม.40(8)"): taken where it names one type, asked where several.
      const bySection = type ? undefined : incomeTypesOfSection(String(typeText));
      if (bySection?.length === 1) type = bySection[0];
      else if (bySection && bySection.length > 1) {
        at({ key: "item.incomeType", line: i }, sheetMsg("whtIncomeTypeSection", { text: String(typeText).trim(), types: typeChoices(bySection) }));
      } else if (!type) at({ key: "item.incomeType", line: i }, sheetMsg("whtIncomeTypeUnknown", { text: String(typeText), types: TYPE_LIST }));
    }
    types.push(type);
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
        at({ key: "item.taxRate", line: i }, sheetMsg("whtRateNotAllowed", { rate: rateText(rate), incomeType: type.id, rates: type.rates.join("% or ") }));
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

  // The form: the payee's kind and the income's (the first line that names a type); a line whose
  // income is filed on another form, or a form given that says otherwise, is wrong at its cell.
  const juristic = isJuristicTaxId(taxId);
  const first = types.find((t) => t !== undefined);
  let form = formOfPayment(juristic, first);
  types.forEach((t, i) => {
    const own = t && formOfPayment(juristic, t);
    if (own && own !== form) {
      at({ key: "item.incomeType", line: i }, sheetMsg("whtFormMixed", { type: incomeTypeText(t, "en"), own: FORM_NAME[own].th, form: FORM_NAME[form].th }));
    }
  });
  const given = value("entity");
  if (isWhtForm(given) && given !== form) {
    // Nothing says otherwise (no tax id, or a person's income not named): the form given.
    if (!taxId || (!first && !juristic && given !== WHT_FORM.PND53)) form = given;
    else if (given === WHT_FORM.PND53) at({ key: "entity" }, sheetMsg("whtFormIndividual", { taxId, form: FORM_NAME[form].th }));
    else if (juristic) at({ key: "entity" }, sheetMsg("whtFormJuristic", { taxId, given: FORM_NAME[given].th }));
    else at({ key: "entity" }, sheetMsg("whtFormIncome", { given: FORM_NAME[given].th, type: incomeTypeText(first!, "en"), form: FORM_NAME[form].th }));
  }

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
