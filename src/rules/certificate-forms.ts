// Withholding tax certificates as the monthly returns see them (reference/thai-tax-forms.md): the
// forms a company files for its payees (ภ.ง.ด.1 salaries and fees, ภ.ง.ด.2 royalties, interest and
// dividends, ภ.ง.ด.3 the other income of individuals, ภ.ง.ด.53 juristic persons), the income
// types people name with the section of the Revenue Code and the rates allowed for each, the
// conditions (เงื่อนไข) and the tax withheld worked out to the satang. Pure.
import { Decimal, HUNDRED, ZERO, parseDecimal, roundHalfUp } from "./money";
import { forms as en } from "../texts/en/forms";
import { forms as th } from "../texts/th/forms";

/** An income type's name in English and Thai (src/texts, namespace forms). */
const named = (key: keyof typeof en): { en: string; th: string } => ({ en: en[key], th: th[key] });

/** The service's `entity` of the monthly forms this project prepares (service-facts §5.6). */
export const WHT_FORM = { PND1: 15, PND2: 9, PND3: 1, PND53: 3 } as const;
export type WhtForm = (typeof WHT_FORM)[keyof typeof WHT_FORM];
/** In the order the returns are listed. */
export const WHT_FORMS: readonly WhtForm[] = [WHT_FORM.PND1, WHT_FORM.PND2, WHT_FORM.PND3, WHT_FORM.PND53];
/** The forms a report always writes, certificates or not; ภ.ง.ด.1 and ภ.ง.ด.2 when the month has some. */
export const USUAL_FORMS: readonly WhtForm[] = [WHT_FORM.PND3, WHT_FORM.PND53];

export const isWhtForm = (v: unknown): v is WhtForm => WHT_FORMS.includes(v as WhtForm);

/** How each form is written, in both languages (the RD's own abbreviation is the same in both). */
export const FORM_NAME: Readonly<Record<WhtForm, { en: string; th: string; code: string }>> = {
  15: { en: en.pnd1, th: th.pnd1, code: "PND1" },
  9: { en: en.pnd2, th: th.pnd2, code: "PND2" },
  1: { en: en.pnd3, th: th.pnd3, code: "PND3" },
  3: { en: en.pnd53, th: th.pnd53, code: "PND53" },
};

/** The service's `taxPayment` and the RD's condition code (เงื่อนไข) it stands for; 7 (other) has none. */
export const WHT_CONDITION = { AtSource: 1, PayerAlways: 3, PayerOnce: 5, Other: 7 } as const;
export const RD_CONDITION: Readonly<Record<number, number | undefined>> = { 1: 1, 3: 2, 5: 3 };

/** The RD's condition (เงื่อนไข) of the service's `taxPayment` on a form. The legend of the printed
 * ภ.ง.ด.53 and OCA l10n_th_account_tax_report's attachment have "paid once" 2 and "paid always" 3
 * there; the personal forms' legends the other way round (README: Conditions). */
export function rdCondition(form: WhtForm, taxPayment: number): number | undefined {
  const code = RD_CONDITION[taxPayment];
  return form === WHT_FORM.PND53 && (code === 2 || code === 3) ? 5 - code : code;
}

/** A juristic person's 13-digit tax id starts with 0; a citizen's with 1-8. */
export function isJuristicTaxId(taxId: string): boolean {
  return /^0\d{12}$/.test(taxId);
}

/** The form a payee with this tax id is listed on, its income aside. */
export function formOfTaxId(taxId: string): WhtForm {
  return isJuristicTaxId(taxId) ? WHT_FORM.PND53 : WHT_FORM.PND3;
}

/** The form a payment is filed on, by the forms' own definitions: a juristic person's on ภ.ง.ด.53;
 * a person's by its section, 40(1)-(2) on ภ.ง.ด.1, 40(3)-(4) on ภ.ง.ด.2, 40(5)-(8) on ภ.ง.ด.3. */
export function formOfPayment(juristic: boolean, type: IncomeType | undefined): WhtForm {
  if (juristic) return WHT_FORM.PND53;
  const n = Number(/^40\((\d)\)/.exec(type?.section ?? "")?.[1]);
  return n === 1 || n === 2 ? WHT_FORM.PND1 : n === 3 || n === 4 ? WHT_FORM.PND2 : WHT_FORM.PND3;
}

export interface IncomeType {
  /** A short word of our own, accepted in cells too. */
  id: string;
  /** The service's `incomeType` (service-facts §5.6): 3 = 40(2), 5 = 40(3), 7 = 40(4)(a), 11 = 40(4)(b),
   * 27 = payments the RD's orders under s.3 tredecim make subject to withholding (rent, services,
   * professional fees, hire of work, advertising, transport...), 29 = other. */
  incomeType: number;
  /** The section of the Revenue Code, as printed on the form. */
  section: string;
  en: string;
  th: string;
  /** Rates (percent) allowed for a payment of this type by a juristic person. */
  rates: readonly number[];
  /** More words people write for it (normalized: lower case, no spaces or punctuation). */
  more?: readonly string[];
}

const ANY_RATE = [0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 15];

export const INCOME_TYPES: readonly IncomeType[] = [
  { id: "salary", incomeType: 1, section: "40(1)", ...named("income_salary"), rates: ANY_RATE, more: ["salary", "salaries", "wages", "เงินเดือน"] },
  { id: "commission", incomeType: 3, section: "40(2)", ...named("income_commission"), rates: [3], more: ["commission", "fees", "ค่านายหน้า", "ค่าธรรมเนียม"] },
  { id: "royalties", incomeType: 5, section: "40(3)", ...named("income_royalties"), rates: [3], more: ["royalty", "ค่าลิขสิทธิ์"] },
  { id: "interest", incomeType: 7, section: "40(4)(a)", ...named("income_interest"), rates: [1, 15] },
  { id: "dividends", incomeType: 11, section: "40(4)(b)", ...named("income_dividends"), rates: [10], more: ["dividend", "ปันผล"] },
  { id: "rent", incomeType: 27, section: "40(5)", ...named("income_rent"), rates: [5], more: ["rental"] },
  { id: "professional", incomeType: 27, section: "40(6)", ...named("income_professional"), rates: [3], more: ["professionalfee", "ค่าวิชาชีพ"] },
  { id: "hire", incomeType: 27, section: "40(7)", ...named("income_hire"), rates: [3], more: ["hireofwork", "contractwork", "ค่าจ้างรับเหมา"] },
  { id: "services", incomeType: 27, section: "40(8)", ...named("income_services"), rates: [3], more: ["service", "servicefee", "บริการ"] },
  { id: "advertising", incomeType: 27, section: "40(8)", ...named("income_advertising"), rates: [2], more: ["advertisement", "ads", "โฆษณา"] },
  { id: "transport", incomeType: 27, section: "40(8)", ...named("income_transport"), rates: [1], more: ["freight", "shipping", "ขนส่ง"] },
  { id: "insurance", incomeType: 27, section: "40(8)", ...named("income_insurance"), rates: [1], more: ["insurance", "ประกันภัย"] },
  { id: "prizes", incomeType: 27, section: "40(8)", ...named("income_prizes"), rates: [5], more: ["prize", "promotion", "ค่ารางวัล"] },
  { id: "other", incomeType: 29, section: "40(8)", ...named("income_other"), rates: ANY_RATE, more: ["other", "อื่นๆ", "อื่น"] },
];

/** Lower case, without spaces, dots, brackets, dashes and "s."/"ม." section marks. */
function norm(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(/[\s\u200b.,()\-–—/:;_]+/g, "");
}

const BY_WORD: ReadonlyMap<string, IncomeType> = (() => {
  const m = new Map<string, IncomeType>();
  const add = (w: string, t: IncomeType): void => {
    const k = norm(w);
    if (k && !m.has(k)) m.set(k, t);
  };
  for (const t of INCOME_TYPES) {
    add(t.id, t);
    add(incomeTypeText(t, "en"), t);
    add(incomeTypeText(t, "th"), t);
    add(t.en, t);
    add(t.th, t);
    for (const w of t.more ?? []) add(w, t);
  }
  return m;
})();

/** "Services (s.40(8))" / "ค่าบริการ (ม.40(8))": how the sheet and the reports name a type. */
export function incomeTypeText(t: IncomeType, lang: "en" | "th"): string {
  return (lang === "en" ? en : th).incomeWithSection.replace("{type}", t[lang]).replace("{section}", t.section);
}

/** The income type a cell names: its words in English or Thai, with or without the section, or our id. */
export function incomeTypeOf(text: string): IncomeType | undefined {
  const k = norm(text);
  const exact = BY_WORD.get(k);
  if (exact) return exact;
  // "ค่าบริการ ม.40(8)" and "Rent s40(5)": the words before the section.
  const words = norm(text.replace(/\(?\s*(?:s\.?|ม\.?|มาตรา)\s*40.*$/i, ""));
  return words ? BY_WORD.get(words) : undefined;
}

/** The income types a typed section names ("40(2)", "ม.40(2)", "s.40(8)", "40(4)(ข)"): one, several
 * (40(8), 40(4)), none (not a section DocSheet knows), or undefined when the text is not a section.
 * A bare 1-8 is the paragraph of section 40, as the template's drop-down names each type by its
 * section ("Salaries and wages (s.40(1))"): 1 is 40(1), not the service's incomeType 1 nor the
 * drop-down's first entry (README: Income types). */
export function incomeTypesOfSection(text: string): IncomeType[] | undefined {
  const bare = /^\s*([1-8])\s*$/.exec(text);
  const m = bare ? [bare[0], bare[1], undefined] : /^\s*(?:s\.?|ม\.?|มาตรา|section)?\s*40\s*\(\s*(\d)\s*\)\s*(?:\(\s*([a-zก-ฮ])\s*\))?\s*$/i.exec(text.normalize("NFC"));
  if (!m) return undefined;
  const sub = m[2] ? ({ ก: "a", ข: "b" } as Record<string, string>)[m[2]] ?? m[2].toLowerCase() : "";
  const section = `40(${m[1]})${sub ? `(${sub})` : ""}`;
  return INCOME_TYPES.filter((t) => t.section === section || (!sub && t.section.startsWith(`${section}(`)));
}

/** The type a certificate line from the service is: its description when it names one, else its code. */
export function incomeTypeOfLine(incomeType: unknown, description: unknown): IncomeType | undefined {
  const named = typeof description === "string" ? incomeTypeOf(description) : undefined;
  if (named) return named;
  const code = Number(incomeType);
  // 11-25: the dividend cases of 40(4)(b).
  if (code >= 11 && code <= 25) return INCOME_TYPES.find((t) => t.id === "dividends");
  return INCOME_TYPES.find((t) => t.incomeType === code && (code !== 27 || t.id === "services"));
}

/** The tax withheld at `rate` percent of `amount`, half-up to the satang. */
export function withheldOf(amount: Decimal, rate: Decimal | number): Decimal {
  return roundHalfUp(amount.times(rate).dividedBy(HUNDRED), 2);
}

/** Sums of certificate amounts, to the satang. */
export function sumMoney(values: Iterable<unknown>): Decimal {
  let s: Decimal = ZERO;
  for (const v of values) s = s.plus(parseDecimal(v) ?? ZERO);
  return roundHalfUp(s, 2);
}

export { Decimal };
