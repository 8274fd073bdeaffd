// The withholding tax certificate sheet's columns (template and pull alike): headed by their labels
// in English or Thai, the form, the condition and the income type as drop-downs of words, one row
// per income line; certificates from the service as such rows, which check and post read back.
// Pure.
import { WHT_STATUS_WORDS } from "../rules/codes";
import { INCOME_TYPES, incomeTypeOfLine, incomeTypeText } from "../rules/certificate-forms";
import type { CellValue, ColumnSpec } from "../workbook/port";
import { columnFor, shownValue } from "./columns";
import { WHT_LABELS } from "./fields";
import { WHT_KEYS } from "./wht-mapping";
import type { Lang } from "./i18n/lang";
import { SAMPLE } from "./samples";
import { statusText } from "./i18n/status";
import { stripMarkers } from "./marker";
import type { Template } from "./template";
import type { Json } from "../rules/json";
import { FAMILY_TEXTS } from "../families/texts";

export { WHT_KEYS };

export function whtColumn(key: string, lang: Lang): ColumnSpec {
  const spec = columnFor(key, undefined, { lang });
  const own = WHT_LABELS[key];
  if (own) spec.header = own[lang][0];
  if (key === "item.incomeType") spec.allowed = INCOME_TYPES.map((t) => incomeTypeText(t, lang));
  if (key === "status") spec.allowed = WHT_STATUS_WORDS.map((w) => statusText(w, lang));
  return spec;
}

export function whtTemplate(today: string, lang: Lang = "en"): Template {
  const [y, m, d] = today.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const services = INCOME_TYPES.find((t) => t.id === "services")!;
  const rent = INCOME_TYPES.find((t) => t.id === "rent")!;
  const atSource = shownValue("taxPayment", 1, lang);
  const example: Record<string, CellValue>[] = [
    {
      documentKey: "1", contactName: SAMPLE[lang].company, contactTaxId: "0105556000009", contactBranch: "00000",
      contactAddress: SAMPLE[lang].address, publishedOn: date,
      "item.incomeType": incomeTypeText(services, lang), "item.taxRate": 3, "item.taxAmount": 10000, "item.withheld": 300, taxPayment: atSource,
    },
    {
      documentKey: "1", "item.incomeType": incomeTypeText(rent, lang), "item.taxRate": 5, "item.taxAmount": 20000, "item.withheld": 1000,
    },
  ];
  return {
    sheetName: FAMILY_TEXTS[lang].certificatesTemplateSheet,
    columns: WHT_KEYS.map((k) => whtColumn(k, lang)),
    rows: example.map((r) => WHT_KEYS.map((k) => r[k] ?? null)),
  };
}

const dateCell = (v: unknown): CellValue => {
  const m = typeof v === "string" ? /^(\d{4})-(\d{2})-(\d{2})/.exec(v) : null;
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
};
const text = (v: unknown): CellValue => (typeof v === "string" && v !== "" ? v : typeof v === "number" ? String(v) : null);
const num = (v: unknown): CellValue => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : null);

/** One certificate's rows as a pull writes them, one per income line, by column key. */
export function certificateCells(r: Json, lang: Lang): Record<string, CellValue>[] {
  const items = Array.isArray(r.withholdingTaxItems) ? (r.withholdingTaxItems as Json[]) : [];
  const notes = typeof r.internalNotes === "string" ? stripMarkers(r.internalNotes) : "";
  const entity = Number(r.entity);
  const payment = Number(r.taxPayment);
  return (items.length > 0 ? items : [{}]).map((item, i) => {
    const type = incomeTypeOfLine(item.incomeType, item.description);
    const cells: Record<string, CellValue> = {
      documentKey: text(r.documentSerial) ?? String(r.recordId),
      "item.incomeType": type ? incomeTypeText(type, lang) : text(item.description),
      "item.taxRate": num(item.taxRate), "item.taxAmount": num(item.taxAmount), "item.withheld": num(item.withheld),
    };
    if (i === 0) {
      Object.assign(cells, {
        contactName: text(r.contactName), contactTaxId: text(r.contactTaxId), contactBranch: text(r.contactBranch),
        contactAddress: text(r.contactAddress), entity: Number.isFinite(entity) ? shownValue("entity", entity, lang) : null,
        publishedOn: dateCell(r.publishedOn), taxPayment: Number.isFinite(payment) ? shownValue("taxPayment", payment, lang) : null,
        remarks: text(r.remarks), internalNotes: notes || null,
        recordId: num(r.recordId), documentSerial: text(r.documentSerial),
        status: typeof r.statusString === "string" ? statusText(r.statusString, lang) : null,
      });
    } else {
      Object.assign(cells, { recordId: num(r.recordId), documentSerial: text(r.documentSerial) });
    }
    return cells;
  });
}
