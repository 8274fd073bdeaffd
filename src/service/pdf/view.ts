// What a printed document says, worked out once for the PDF and the share page: labels in the
// document's language, dates, numbers with thousands separators and 2 decimals, lines and totals.
// The stored document is read defensively: a missing or odd field prints as blank, never throws.
import { FAMILY_INFO, type Family } from "../../rules/codes";
import { Decimal, formatMoney, parseDecimal, ZERO } from "../../rules/money";
import { bahtText } from "./bahttext";
import { formatDate, LABELS, TITLES_EN, type Culture, type Labels } from "./labels";

export interface CompanyInfo {
  name: string;
  nameEn?: string;
  address?: string;
  addressEn?: string;
  taxId?: string;
  branch?: string;
  branchEn?: string;
  phone?: string;
  email?: string;
  website?: string;
}

/** The printed company block from company information as GET /company/info answers it (companyName, companyNameEn, ...). */
export function companyFromInfo(info: Record<string, unknown>): CompanyInfo {
  const s = (key: string) => str(info[key]) || undefined;
  const address = (key: string) => (s(key) ? [s(key), s("companyZipCode")].filter(Boolean).join(" ") : undefined);
  return {
    name: s("companyName") ?? s("compnayName") ?? "",
    nameEn: s("companyNameEn"),
    address: address("companyAddress"),
    addressEn: address("companyAddressEn"),
    taxId: s("companyTaxId"),
    branch: s("companyBranch"),
    branchEn: s("companyBranchEn"),
    phone: s("companyPhone") ?? s("companyMobile"),
    email: s("companyEmail"),
    website: s("companyWebsite"),
  };
}

export interface DocumentRenderInput {
  family: Family;
  /** Overrides the family's printed title (e.g. "ใบกำกับภาษี/ใบเสร็จรับเงิน"). */
  documentTypeLabel?: string;
  /** The stored document as the service answers it (service-facts §4.1). */
  doc: Record<string, unknown>;
  company: CompanyInfo;
  culture: Culture;
  /** Mark the pages as a copy instead of the original. */
  copy?: boolean;
}

export interface LineView {
  no: string;
  name: string;
  description: string;
  quantity: string;
  unit: string;
  price: string;
  discount: string;
  vat: string;
  total: string;
}

export interface TotalView {
  label: string;
  value: string;
  strong?: boolean;
}

export interface DocumentView {
  culture: Culture;
  labels: Labels;
  title: string;
  serial: string;
  company: { name: string; lines: string[] };
  meta: { label: string; value: string }[];
  contactHeading: string;
  contact: { name: string; lines: string[] };
  lines: LineView[];
  totals: TotalView[];
  inWords: string;
  vatNote: string;
  remarks: string;
}

const str = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : "");
const dec = (v: unknown): Decimal | null => parseDecimal(v);
const money = (v: unknown): string => {
  const d = dec(v);
  return d ? formatMoney(d) : "";
};
const truthy = (v: unknown): boolean => v === true || v === "true";

/** Quantities: 2 decimals, more (up to the spec's 4) only when the value has them. */
function quantity(v: unknown): string {
  const d = dec(v);
  if (!d) return "";
  return formatMoney(d, Math.min(4, Math.max(2, d.decimalPlaces())));
}

/** "7%", "0%", "Exempt" for inline lines; the document's treatment for simple ones. */
function vatOf(item: Record<string, unknown>, doc: Record<string, unknown>, labels: Labels): string {
  const inline = truthy(doc.useInlineVat) || str(doc.documentStructureType).includes("Inline");
  if (inline && item.vatRate !== undefined && item.vatRate !== null) {
    const rate = dec(item.vatRate);
    if (!rate) return "";
    return rate.eq(-1) ? labels.exempt : `${rate.toString()}%`;
  }
  return truthy(doc.isVat) ? "7%" : "-";
}

function lineViews(doc: Record<string, unknown>, labels: Labels): LineView[] {
  const items = Array.isArray(doc.items) ? doc.items : [];
  return items
    .filter((item): item is Record<string, unknown> => item !== null && typeof item === "object")
    .map((item, i) => {
      const discount = dec(item.discountAmount);
      return {
        no: String(i + 1),
        name: str(item.name) || str(item.nameLocal) || str(item.description),
        description: str(item.name) || str(item.nameLocal) ? str(item.description) : "",
        quantity: quantity(item.quantity),
        unit: str(item.unitName),
        price: money(item.pricePerUnit),
        discount: discount && !discount.isZero() ? formatMoney(discount) : "-",
        vat: vatOf(item, doc, labels),
        total: money(item.total),
      };
    });
}

function totalViews(doc: Record<string, unknown>, labels: Labels): { totals: TotalView[]; payable: Decimal } {
  const totals: TotalView[] = [{ label: labels.subTotal, value: money(doc.subTotal) }];
  const discount = dec(doc.discountAmount) ?? ZERO;
  if (!discount.isZero()) {
    const pct = dec(doc.discountPercentage);
    const suffix = pct && !pct.isZero() ? ` ${pct.toString()}%` : "";
    totals.push({ label: `${labels.discountTotal}${suffix}`, value: formatMoney(discount) });
    totals.push({ label: labels.totalAfterDiscount, value: money(doc.totalAfterDiscount) });
  }
  const exempt = dec(doc.exemptAmount);
  if (exempt && !exempt.isZero()) {
    totals.push({ label: labels.exemptAmount, value: formatMoney(exempt) });
    totals.push({ label: labels.vatableAmount, value: money(doc.vatableAmount) });
  }
  if (truthy(doc.isVat) || !(dec(doc.vatAmount) ?? ZERO).isZero()) totals.push({ label: labels.vatAmount, value: money(doc.vatAmount) });
  const grand = dec(doc.grandTotal) ?? ZERO;
  totals.push({ label: labels.grandTotal, value: formatMoney(grand), strong: true });
  let payable = grand;
  const withheld = dec(doc.documentWithholdingTaxAmount) ?? ZERO;
  if (truthy(doc.documentShowWithholdingTax) && !withheld.isZero()) {
    const pct = dec(doc.documentWithholdingTaxPercentage);
    totals.push({ label: `${labels.withholding}${pct && !pct.isZero() ? ` ${pct.toString()}%` : ""}`, value: formatMoney(withheld) });
    payable = grand.minus(withheld);
    totals.push({ label: labels.amountToPay, value: formatMoney(payable), strong: true });
  }
  return { totals, payable };
}

/** Ways a branch says it is the head office: its code 00000 (what the sheet sends) or its name. */
const HEAD_OFFICE = new Set(["00000", "สำนักงานใหญ่", "headoffice", "hq"]);

/** A branch as printed: the head office by name (never "สาขา 00000"), another branch as "สาขา 00001"
 * / "Branch 00001", a text that already names itself a branch as it is. */
export function branchText(branch: string, labels: Labels): string {
  const b = branch.trim();
  if (b === "") return "";
  if (HEAD_OFFICE.has(b.toLowerCase().replace(/\s+/g, ""))) return labels.headOffice;
  if (/^(สาขา|branch\b)/i.test(b)) return b;
  return `${labels.branch} ${b}`;
}

function companyView(c: CompanyInfo, culture: Culture, labels: Labels): DocumentView["company"] {
  const en = culture === "en";
  const name = (en && c.nameEn) || c.name || "";
  const address = (en && c.addressEn) || c.address || "";
  const branch = (en && c.branchEn) || c.branch || "";
  const lines = [address];
  const ids = [c.taxId ? `${labels.taxId} ${c.taxId}` : "", branchText(branch, labels)].filter(Boolean).join("  ");
  lines.push(ids, [c.phone ? `${labels.phone} ${c.phone}` : "", c.email ?? "", c.website ?? ""].filter(Boolean).join("  "));
  return { name, lines: lines.filter((l) => l.trim() !== "") };
}

function contactView(doc: Record<string, unknown>, labels: Labels): DocumentView["contact"] {
  const address = [str(doc.contactAddress), str(doc.contactZipCode)].filter(Boolean).join(" ");
  const ids = [
    str(doc.contactTaxId) ? `${labels.taxId} ${str(doc.contactTaxId)}` : "",
    branchText(str(doc.contactBranch), labels),
  ].filter(Boolean).join("  ");
  const reach = [
    str(doc.contactPerson) ? `${labels.contactPerson} ${str(doc.contactPerson)}` : "",
    str(doc.contactNumber) ? `${labels.phone} ${str(doc.contactNumber)}` : "",
    str(doc.contactEmail) ? `${labels.email} ${str(doc.contactEmail)}` : "",
  ].filter(Boolean).join("  ");
  return { name: str(doc.contactName), lines: [address, ids, reach].filter((l) => l !== "") };
}

export function documentView(input: DocumentRenderInput): DocumentView {
  const culture: Culture = input.culture === "en" ? "en" : "th";
  const labels = LABELS[culture];
  const doc = input.doc ?? {};
  const info = FAMILY_INFO[input.family];
  const title = input.documentTypeLabel || (culture === "th" ? info?.label.th : TITLES_EN[input.family]) || "";
  const meta = [
    { label: labels.serial, value: str(doc.documentSerial) },
    { label: labels.date, value: formatDate(doc.publishedOn, culture) },
    { label: labels.dueDate, value: formatDate(doc.dueDate, culture) },
    { label: labels.reference, value: str(doc.reference) },
    { label: labels.salesName, value: str(doc.salesName) },
    { label: labels.projectName, value: str(doc.projectName) },
  ].filter((m) => m.value !== "");
  const { totals, payable } = totalViews(doc, labels);
  return {
    culture,
    labels,
    title,
    serial: str(doc.documentSerial),
    company: companyView(input.company ?? { name: "" }, culture, labels),
    meta,
    contactHeading: info?.side === "sell" ? labels.customer : labels.vendor,
    contact: contactView(doc, labels),
    lines: lineViews(doc, labels),
    totals,
    inWords: culture === "th" ? bahtText(payable) : "",
    vatNote: truthy(doc.isVatInclusive) ? labels.vatInclusive : "",
    remarks: typeof doc.remarks === "string" ? doc.remarks.trim() : "",
  };
}
