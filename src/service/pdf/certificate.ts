// A withholding tax certificate as a PDF laid out like the Revenue Department's 50 ทวิ: title and
// section, the payer (ผู้มีหน้าที่หักภาษี ณ ที่จ่าย) and the payee (ผู้ถูกหักภาษี ณ ที่จ่าย) with
// their tax ids and branches, the form the payment is filed on (ภ.ง.ด.3 / ภ.ง.ด.53 among the
// form's seven boxes), the income lines (type, date paid, amount paid, tax withheld), the totals
// with the tax in words, the condition (เงื่อนไข) and the payer's attestation; a void certificate
// marked ยกเลิก (VOID) across every page. Same font, text
// and page set-up as the documents' PDFs (render.ts), so Thai is shaped and copies as typed. The
// stored certificate is read defensively: an odd field prints blank, never throws.
import { formatMoney, parseDecimal, ZERO, type Decimal } from "../../rules/money";
import { incomeTypeOf, incomeTypeOfLine, incomeTypeText } from "../../rules/withholding";
import { bahtText } from "./bahttext";
import { formatDate, type Culture } from "./labels";
import { FONT, PAGE, numberPages, printPdf, type Version } from "./render";
import { drawLine, lineHeight, wrapText, type Align } from "./text";
import type { CompanyInfo } from "./view";

export interface CertificateRenderInput {
  kind: "certificate";
  /** The stored certificate as the service answers it (service-facts §5.6). */
  doc: Record<string, unknown>;
  /** The payer: the company's information under the certificate's own company header. */
  company: CompanyInfo;
  culture: Culture;
  versions?: Version[];
}

const WORDS = {
  th: {
    title: "หนังสือรับรองการหักภาษี ณ ที่จ่าย",
    section: "ตามมาตรา 50 ทวิ แห่งประมวลรัษฎากร",
    original: "ฉบับที่ 1 (สำหรับผู้ถูกหักภาษี ณ ที่จ่าย ใช้แนบพร้อมกับแบบแสดงรายการภาษี)",
    copy: "ฉบับที่ 2 (สำหรับผู้ถูกหักภาษี ณ ที่จ่าย เก็บไว้เป็นหลักฐาน)",
    serial: "เลขที่",
    payer: "ผู้มีหน้าที่หักภาษี ณ ที่จ่าย",
    payee: "ผู้ถูกหักภาษี ณ ที่จ่าย",
    name: "ชื่อ",
    taxId: "เลขประจำตัวผู้เสียภาษีอากร",
    branch: "สาขาที่",
    headOffice: "สำนักงานใหญ่",
    address: "ที่อยู่",
    form: "ในแบบ",
    type: "ประเภทเงินได้พึงประเมินที่จ่าย",
    rate: "อัตราภาษี",
    date: "วัน เดือน ปี ที่จ่าย",
    paid: "จำนวนเงินที่จ่าย",
    tax: "ภาษีที่หักและนำส่งไว้",
    total: "รวมเงินที่จ่ายและภาษีที่หักนำส่ง",
    inWords: "รวมเงินภาษีที่หักนำส่ง (ตัวอักษร)",
    condition: "ผู้จ่ายเงิน",
    conditions: ["(1) หัก ณ ที่จ่าย", "(2) ออกให้ตลอดไป", "(3) ออกให้ครั้งเดียว", "(4) อื่น ๆ"],
    remarks: "หมายเหตุ",
    attest: "ขอรับรองว่าข้อความและตัวเลขดังกล่าวข้างต้นถูกต้องตรงกับความจริงทุกประการ",
    signature: "ลงชื่อ ผู้จ่ายเงิน",
    issued: "วันที่ออกหนังสือรับรอง",
    page: "หน้า",
    void: "ยกเลิก",
  },
  en: {
    title: "Withholding Tax Certificate",
    section: "under section 50 bis of the Revenue Code",
    original: "Copy 1 (for the payee, to attach to the tax return)",
    copy: "Copy 2 (for the payee, to keep as evidence)",
    serial: "No.",
    payer: "Payer (withholding agent)",
    payee: "Payee (tax withheld from)",
    name: "Name",
    taxId: "Tax ID",
    branch: "Branch",
    headOffice: "Head office",
    address: "Address",
    form: "Filed on",
    type: "Type of income paid",
    rate: "Rate",
    date: "Date paid",
    paid: "Amount paid",
    tax: "Tax withheld",
    total: "Total paid and tax withheld",
    inWords: "Total tax withheld (in words)",
    condition: "The payer",
    conditions: ["(1) withholds at source", "(2) pays the tax every time", "(3) pays the tax once", "(4) other"],
    remarks: "Remarks",
    attest: "I certify that the statements and figures above are true and correct.",
    signature: "Signature of the payer",
    issued: "Date issued",
    page: "Page",
    void: "VOID",
  },
} as const;

/** The seven forms the 50 ทวิ lists, with the service's `entity` of each (service-facts §5.6). */
const FORMS: readonly { entity: number; th: string; en: string }[] = [
  { entity: 5, th: "ภ.ง.ด.1ก", en: "PND1A" },
  { entity: 7, th: "ภ.ง.ด.1ก พิเศษ", en: "PND1A special" },
  { entity: 9, th: "ภ.ง.ด.2", en: "PND2" },
  { entity: 1, th: "ภ.ง.ด.3", en: "PND3" },
  { entity: 11, th: "ภ.ง.ด.2ก", en: "PND2A" },
  { entity: 13, th: "ภ.ง.ด.3ก", en: "PND3A" },
  { entity: 3, th: "ภ.ง.ด.53", en: "PND53" },
];
/** The service's `entity` of ภ.ง.ด.1. */
const PND1 = 15;
/** taxPayment 1, 3, 5, 7 → the form's conditions (1)-(4). */
const CONDITION_OF: Readonly<Record<number, number>> = { 1: 0, 3: 1, 5: 2, 7: 3 };

const str = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : "");
const money = (v: unknown): string => {
  const d = parseDecimal(v);
  return d ? formatMoney(d) : "";
};

interface Party {
  name: string;
  taxId: string;
  branch: string;
  address: string;
}

function branchText(branch: string, words: (typeof WORDS)[Culture], juristic: boolean): string {
  if (!branch) return juristic ? words.headOffice : "";
  if (/^0+$/.test(branch)) return words.headOffice;
  // A branch number says which branch; a company's branch as a name ("สำนักงานใหญ่") prints as it is.
  return /^\d+$/.test(branch) ? `${words.branch} ${branch}` : branch;
}

const INK = "#1a1a1a";
const MUTED = "#555555";
const RULE = "#999999";
const SHADE = "#eef1f5";
const RIGHT = PAGE.width - PAGE.margin;
const CONTENT = RIGHT - PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 20;

class CertificateLayout {
  private y = PAGE.margin;
  private readonly w: (typeof WORDS)[Culture];
  constructor(private readonly doc: PDFKit.PDFDocument, private readonly input: CertificateRenderInput, private readonly version: Version) {
    this.w = WORDS[input.culture];
  }

  private font(bold: boolean, size: number, color = INK): void {
    this.doc.font(bold ? FONT.bold : FONT.regular).fontSize(size).fillColor(color);
  }

  /** Wrapped text at the current font; answers the height used. */
  private text(text: string, x: number, y: number, width: number, align: Align = "left"): number {
    const lines = wrapText(this.doc, text, width);
    const step = lineHeight(this.doc);
    lines.forEach((line, i) => drawLine(this.doc, line, x, y + i * step, width, align));
    return lines.length * step;
  }

  private ensure(height: number): void {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage();
    this.y = PAGE.margin;
    this.font(true, 10);
    drawLine(this.doc, `${this.w.title}  ${str(this.input.doc.documentSerial)}`, PAGE.margin, this.y, CONTENT);
    this.y += 22;
  }

  private box(x: number, y: number, checked: boolean): void {
    this.doc.rect(x, y + 2, 8, 8).lineWidth(0.7).strokeColor(INK).stroke();
    if (checked) this.doc.moveTo(x + 1.5, y + 6).lineTo(x + 3.5, y + 8.5).lineTo(x + 7, y + 3).lineWidth(1.2).strokeColor(INK).stroke();
  }

  private heading(): void {
    const { doc, w } = this;
    this.font(false, 8.5, MUTED);
    this.y += this.text(this.version === "copy" ? w.copy : w.original, PAGE.margin, this.y, CONTENT, "right");
    this.font(true, 16);
    this.y += this.text(w.title, PAGE.margin, this.y + 4, CONTENT, "center") + 4;
    this.font(false, 10);
    this.y += this.text(w.section, PAGE.margin, this.y, CONTENT, "center");
    this.font(false, 9.5);
    drawLine(doc, `${w.serial} ${str(this.input.doc.documentSerial)}`, PAGE.margin, this.y, CONTENT, "right");
    this.y += 18;
  }

  /** A party's box: heading, name, tax id and branch, address; the payee's box adds the form line. */
  private party(title: string, p: Party, juristic: boolean, form?: number): void {
    const { doc, w } = this;
    const pad = 7;
    const inner = CONTENT - 2 * pad;
    this.font(false, 9.5);
    const addressHeight = wrapText(doc, `${w.address} ${p.address}`, inner).length * lineHeight(doc);
    const height = pad + 14 + 16 + 15 + addressHeight + (form !== undefined ? 18 : 0) + pad;
    this.ensure(height + 8);
    doc.rect(PAGE.margin, this.y, CONTENT, height).lineWidth(0.7).strokeColor(RULE).stroke();
    let y = this.y + pad;
    const x = PAGE.margin + pad;
    this.font(true, 10);
    drawLine(doc, title, x, y, inner);
    y += 14;
    this.font(false, 9.5);
    drawLine(doc, `${w.name} ${p.name}`, x, y, inner);
    y += 16;
    const branch = branchText(p.branch, w, juristic);
    drawLine(doc, `${w.taxId} ${p.taxId}`, x, y, inner * 0.6);
    if (branch) drawLine(doc, branch, x + inner * 0.6, y, inner * 0.4, "right");
    y += 15;
    y += this.text(`${w.address} ${p.address}`, x, y, inner);
    if (form !== undefined) {
      y += 3;
      this.font(false, 9);
      drawLine(doc, w.form, x, y, 40);
      // Each box as wide as its name, the gaps shared out evenly over the line.
      const names = FORMS.map((f) => f[this.input.culture]);
      const widths = names.map((n) => doc.widthOfString(n) + 12);
      const gap = Math.max(4, (inner - 44 - widths.reduce((a, b) => a + b, 0)) / (FORMS.length - 1));
      let bx = x + 44;
      FORMS.forEach((f, i) => {
        // ภ.ง.ด.1's payments are certified on the form's ภ.ง.ด.1ก box (it has no ภ.ง.ด.1 of its own).
        this.box(bx, y, f.entity === form || (form === PND1 && f.entity === 5));
        drawLine(doc, names[i], bx + 11, y, widths[i]);
        bx += widths[i] + gap;
      });
    }
    this.y += height + 8;
  }

  private table(): void {
    const { doc, w } = this;
    const d = this.input.doc;
    const cols: { label: string; width: number; align: Align }[] = [
      { label: w.type, width: 0, align: "left" },
      { label: w.rate, width: 46, align: "right" },
      { label: w.date, width: 80, align: "center" },
      { label: w.paid, width: 92, align: "right" },
      { label: w.tax, width: 104, align: "right" },
    ];
    cols[0].width = CONTENT - cols.slice(1).reduce((s, c) => s + c.width, 0);
    const header = (): void => {
      this.font(true, 8.5);
      doc.rect(PAGE.margin, this.y, CONTENT, 18).fill(SHADE);
      this.font(true, 8.5);
      let x = PAGE.margin;
      for (const c of cols) {
        drawLine(doc, c.label, x + 3, this.y + 4, c.width - 6, c.align);
        x += c.width;
      }
      this.y += 21;
    };
    this.ensure(60);
    header();
    const items = (Array.isArray(d.withholdingTaxItems) ? d.withholdingTaxItems : []).filter((i): i is Record<string, unknown> => i !== null && typeof i === "object");
    const date = formatDate(d.publishedOn, this.input.culture);
    let paid: Decimal = ZERO;
    let tax: Decimal = ZERO;
    for (const item of items) {
      const type = incomeTypeOfLine(item.incomeType, item.description);
      const described = str(item.description);
      // The type with its section; the line's own words too when they say more than the type.
      const typeText = type ? incomeTypeText(type, this.input.culture) : "";
      const name = type ? (described && !incomeTypeOf(described) ? `${typeText} – ${described}` : typeText) : described;
      const rate = parseDecimal(item.taxRate);
      this.font(false, 9);
      const lines = wrapText(doc, name, cols[0].width - 6);
      const height = Math.max(lines.length * lineHeight(doc), 13) + 4;
      if (this.y + height > BOTTOM) {
        this.ensure(BOTTOM);
        header();
        this.font(false, 9);
      }
      lines.forEach((line, i) => drawLine(doc, line, PAGE.margin + 3, this.y + i * lineHeight(doc), cols[0].width - 6));
      const cells = [rate && rate.greaterThan(0) ? `${rate.toString()}%` : "", date, money(item.taxAmount), money(item.withheld)];
      let x = PAGE.margin + cols[0].width;
      cells.forEach((cell, i) => {
        drawLine(doc, cell, x + 3, this.y, cols[i + 1].width - 6, cols[i + 1].align);
        x += cols[i + 1].width;
      });
      this.y += height;
      doc.moveTo(PAGE.margin, this.y - 2).lineTo(RIGHT, this.y - 2).lineWidth(0.4).strokeColor(RULE).stroke();
      paid = paid.plus(parseDecimal(item.taxAmount) ?? ZERO);
      tax = tax.plus(parseDecimal(item.withheld) ?? ZERO);
    }
    // The certificate's own totals where it has them (what was filed), else the lines' sums.
    const total = parseDecimal(d.total) ?? paid;
    const withheld = parseDecimal(d.totalTaxWithheld) ?? tax;
    this.ensure(40);
    this.font(true, 9.5);
    doc.rect(PAGE.margin, this.y, CONTENT, 17).fill(SHADE);
    this.font(true, 9.5);
    const amountsX = RIGHT - cols[3].width - cols[4].width;
    drawLine(doc, w.total, PAGE.margin + 3, this.y + 3, amountsX - PAGE.margin - 6);
    drawLine(doc, formatMoney(total), amountsX + 3, this.y + 3, cols[3].width - 6, "right");
    drawLine(doc, formatMoney(withheld), amountsX + cols[3].width + 3, this.y + 3, cols[4].width - 6, "right");
    this.y += 22;
    this.font(false, 9.5);
    const words = this.input.culture === "th" ? bahtText(withheld) : formatMoney(withheld);
    this.y += this.text(`${w.inWords}  (${words})`, PAGE.margin, this.y, CONTENT) + 8;
  }

  private condition(): void {
    const { doc, w } = this;
    this.ensure(24);
    const chosen = CONDITION_OF[Number(this.input.doc.taxPayment)];
    this.font(true, 9.5);
    drawLine(doc, w.condition, PAGE.margin, this.y, 70);
    this.font(false, 9.5);
    const each = (CONTENT - 74) / w.conditions.length;
    w.conditions.forEach((c, i) => {
      const x = PAGE.margin + 74 + i * each;
      this.box(x, this.y, chosen === i);
      drawLine(doc, c, x + 12, this.y, each - 14);
    });
    this.y += 22;
    const remarks = str(this.input.doc.remarks);
    if (remarks) {
      this.font(false, 9);
      const h = wrapText(doc, `${w.remarks}: ${remarks}`, CONTENT).length * lineHeight(doc);
      this.ensure(Math.min(h, BOTTOM - PAGE.margin - 40));
      this.y += this.text(`${w.remarks}: ${remarks}`, PAGE.margin, this.y, CONTENT) + 6;
    }
  }

  private attest(): void {
    const { doc, w } = this;
    this.ensure(80);
    this.font(false, 9.5);
    this.y += this.text(w.attest, PAGE.margin, this.y + 6, CONTENT, "center") + 36;
    const width = 200;
    const x = RIGHT - width - 20;
    doc.moveTo(x, this.y).lineTo(x + width, this.y).lineWidth(0.6).strokeColor(INK).stroke();
    this.font(false, 9, MUTED);
    drawLine(doc, w.signature, x, this.y + 4, width, "center");
    drawLine(doc, `${w.issued} ${formatDate(this.input.doc.publishedOn, this.input.culture)}`, x, this.y + 18, width, "center");
    this.y += 34;
  }

  draw(): void {
    const d = this.input.doc;
    const c = this.input.company;
    const en = this.input.culture === "en";
    this.heading();
    this.party(this.w.payer, {
      name: (en && c.nameEn) || c.name, taxId: c.taxId ?? "", branch: str(en ? (c.branchEn ?? c.branch) : c.branch), address: (en && c.addressEn) || c.address || "",
    }, true);
    const taxId = str(d.contactTaxId);
    const address = [str(d.contactAddress), str(d.contactZipCode)].filter(Boolean).join(" ");
    const entity = Number(d.entity);
    this.party(this.w.payee, { name: str(d.contactName), taxId, branch: str(d.contactBranch), address }, /^0/.test(taxId), entity);
    this.table();
    this.condition();
    this.attest();
  }
}

/** A void certificate is marked across every page, so no copy of it passes for a valid one. */
function markVoid(doc: PDFKit.PDFDocument, word: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    doc.save();
    doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
    doc.font(FONT.bold).fontSize(110).fillColor("#c0392b").fillOpacity(0.35);
    drawLine(doc, word, 0, PAGE.height / 2 - 60, PAGE.width, "center");
    doc.restore();
  }
}

/** The certificate as a PDF: one set of pages per version (the payee's two copies). */
export function renderCertificatePdf(input: CertificateRenderInput): Promise<Buffer> {
  const versions = input.versions && input.versions.length > 0 ? input.versions : ["original" as const];
  const w = WORDS[input.culture];
  return printPdf({ title: `${w.title} ${str(input.doc.documentSerial)}`.trim(), culture: input.culture }, (doc) => {
    const starts: number[] = [];
    for (const version of versions) {
      starts.push(doc.bufferedPageRange().count);
      doc.addPage();
      new CertificateLayout(doc, input, version).draw();
    }
    numberPages(doc, w.page, starts);
    if (input.doc.statusString === "void") markVoid(doc, w.void);
  });
}
