// A withholding tax certificate as a PDF laid out as the Revenue Department's 50 ทวิ form
// (certificate-form.ts holds its fixed texts): each copy on its page, ฉบับที่ 1 for the payee to
// file and ฉบับที่ 2 to keep, with เล่มที่ and เลขที่; the payer (ผู้มีหน้าที่หักภาษี ณ ที่จ่าย) and the
// payee (ผู้ถูกหักภาษี ณ ที่จ่าย) with their tax ids, branches and addresses; the payee's ลำดับที่ in
// the form's attachment and the form ticked among the seven; the fixed income rows 1-6 with the
// date, amount and tax of the rows the certificate's lines fall on (the others empty) and each
// line's own words under its row; totals with the tax in words, the fund lines, the payer's
// condition, the warning and the signature and seal box; a void certificate marked ยกเลิก (VOID)
// across every page. Same font, text and page set-up as the documents' PDFs (render.ts), so Thai
// is shaped and copies as typed. The stored certificate is read defensively: an odd field prints
// blank, never throws.
import { formatMoney, parseDecimal, ZERO, type Decimal } from "../../rules/money";
import { incomeTypeOf, incomeTypeOfLine, incomeTypeText } from "../../rules/certificate-forms";
import { bahtText, bahtTextEn } from "./bahttext";
import {
  bookOfSerial, CONDITION_OF, FORM_BOXES, INCOME_ROWS, PND1, PND1A, rowOfIncomeType, WORDS, type CertificateWords,
} from "./certificate-form";
import { formatDate, type Culture } from "./labels";
import { FONT, PAGE, numberPages, printPdf, type Version } from "./render";
import { drawLine, wrapText, type Align } from "./text";
import type { CompanyInfo } from "./view";

export interface CertificateRenderInput {
  kind: "certificate";
  /** The stored certificate as the service answers it (service-facts §5.6). */
  doc: Record<string, unknown>;
  /** The payer: the company's information under the certificate's own company header. */
  company: CompanyInfo;
  culture: Culture;
  versions?: Version[];
  /** Its place (1, 2, 3 ...) in its form's attachment for the month, as the return lists it; none
   * for a void certificate. */
  sequence?: number;
}

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

function branchText(branch: string, words: CertificateWords, juristic: boolean): string {
  if (!branch) return juristic ? words.headOffice : "";
  if (/^0+$/.test(branch)) return words.headOffice;
  // A branch number says which branch; a company's branch as a name ("สำนักงานใหญ่") prints as it is.
  return /^\d+$/.test(branch) ? `${words.branch} ${branch}` : branch;
}

/** A certificate's line as printed under its row of the form. */
interface PrintedLine {
  words: string;
  paid: Decimal;
  tax: Decimal;
}

/** The certificate's lines by the form's row they fall on. */
function linesByRow(items: readonly Record<string, unknown>[], culture: Culture): Map<number, PrintedLine[]> {
  const rows = new Map<number, PrintedLine[]>();
  for (const item of items) {
    const type = incomeTypeOfLine(item.incomeType, item.description);
    const code = Number(item.incomeType);
    const row = INCOME_ROWS.some((r) => r.codes.includes(code)) ? rowOfIncomeType(code) : rowOfIncomeType(type?.incomeType ?? 0);
    const described = str(item.description);
    // The type with its section; the line's own words too when they say more than the type.
    const typeText = type ? incomeTypeText(type, culture) : "";
    const name = type ? (described && !incomeTypeOf(described) ? `${typeText} – ${described}` : typeText) : described;
    const rate = parseDecimal(item.taxRate);
    const words = [name, rate && rate.greaterThan(0) ? `${rate.toString()}%` : ""].filter(Boolean).join(" ");
    const list = rows.get(row) ?? [];
    list.push({ words, paid: parseDecimal(item.taxAmount) ?? ZERO, tax: parseDecimal(item.withheld) ?? ZERO });
    rows.set(row, list);
  }
  return rows;
}

const INK = "#1a1a1a";
const MUTED = "#555555";
const RULE = "#777777";
const SHADE = "#eef1f5";
const RIGHT = PAGE.width - PAGE.margin;
const CONTENT = RIGHT - PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 14;
const PAD = 5;
/** The income table's columns after the type: date, amount paid, tax withheld. */
const DATE_W = 66;
const PAID_W = 78;
const TAX_W = 78;
const TYPE_W = CONTENT - DATE_W - PAID_W - TAX_W;

class CertificateLayout {
  private y = PAGE.margin;
  private readonly w: CertificateWords;
  constructor(private readonly doc: PDFKit.PDFDocument, private readonly input: CertificateRenderInput, private readonly version: Version) {
    this.w = WORDS[input.culture];
  }

  private size = 9;
  private font(bold: boolean, size: number, color = INK): void {
    this.size = size;
    this.doc.font(bold ? FONT.bold : FONT.regular).fontSize(size).fillColor(color);
  }

  /** Lines closer than the font's own spacing (Waree's is wide), so the form keeps to one page. */
  private get step(): number {
    return this.size * 1.34;
  }

  /** Wrapped text at the current font; answers the height used. */
  private text(text: string, x: number, y: number, width: number, align: Align = "left"): number {
    const lines = wrapText(this.doc, text, width);
    lines.forEach((line, i) => drawLine(this.doc, line, x, y + i * this.step, width, align));
    return lines.length * this.step;
  }

  private measure(text: string, width: number): number {
    return wrapText(this.doc, text, width).length * this.step;
  }

  /** A new page (with the title and serial) when `height` does not fit on this one. */
  private ensure(height: number): void {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage();
    this.y = PAGE.margin;
    this.font(true, 9);
    drawLine(this.doc, `${this.w.title}  ${str(this.input.doc.documentSerial)}`, PAGE.margin, this.y, CONTENT);
    this.y += 18;
  }

  /** A box of the form, marked X when chosen as the form is filled in (and so the mark reads back as text). */
  private box(x: number, y: number, checked: boolean): void {
    this.doc.rect(x, y + 2, 8, 8).lineWidth(0.7).strokeColor(INK).stroke();
    if (!checked) return;
    const size = this.size;
    this.doc.font(FONT.bold).fontSize(8);
    drawLine(this.doc, "X", x, y + 0.5, 8, "center");
    this.doc.font(FONT.regular).fontSize(size);
  }

  /** The copy's heading, เล่มที่ and เลขที่ at the right, the title and the section. */
  private heading(): void {
    const { doc, w } = this;
    const serial = str(this.input.doc.documentSerial);
    this.font(false, 8, MUTED);
    drawLine(doc, this.version === "copy" ? w.copy : w.original, PAGE.margin, this.y, CONTENT * 0.62);
    this.font(false, 9);
    drawLine(doc, `${w.book} ${bookOfSerial(serial) || "........"}`, PAGE.margin, this.y, CONTENT, "right");
    this.y += 13;
    drawLine(doc, `${w.serial} ${serial}`, PAGE.margin, this.y, CONTENT, "right");
    this.font(true, 14);
    this.y += this.text(w.title, PAGE.margin, this.y, CONTENT, "center");
    this.font(false, 9.5);
    this.y += this.text(w.section, PAGE.margin, this.y, CONTENT, "center") + 4;
  }

  /** A party's box: heading and tax id, name, address; the payee's adds ลำดับที่ and the form boxes. */
  private party(title: string, p: Party, juristic: boolean, form?: number): void {
    const { doc, w } = this;
    const inner = CONTENT - 2 * PAD;
    const x = PAGE.margin + PAD;
    this.font(false, 8.5);
    const addressHeight = this.measure(`${w.address} ${p.address}`, inner);
    const height = PAD + 13 + 13 + addressHeight + (form !== undefined ? 26 : 0) + PAD;
    this.ensure(height + 6);
    doc.rect(PAGE.margin, this.y, CONTENT, height).lineWidth(0.8).strokeColor(RULE).stroke();
    let y = this.y + PAD;
    this.font(true, 9);
    drawLine(doc, title, x, y, inner * 0.4);
    this.font(false, 8.5);
    const branch = branchText(p.branch, w, juristic);
    drawLine(doc, `${w.taxId} ${p.taxId}${branch ? `   ${branch}` : ""}`, x, y, inner, "right");
    y += 13;
    drawLine(doc, `${w.name} ${p.name}`, x, y, inner * 0.55);
    this.font(false, 7, MUTED);
    drawLine(doc, w.nameNote, x, y + 1, inner, "right");
    this.font(false, 8.5);
    y += 13;
    y += this.text(`${w.address} ${p.address}`, x, y, inner);
    if (form !== undefined) {
      y += 2;
      const sequence = this.input.sequence ? String(this.input.sequence) : "........";
      this.font(false, 8.5);
      const lead = `${w.sequence} ${sequence} ${w.form}`;
      drawLine(doc, lead, x, y, 120);
      // Each box as wide as its name, the gaps shared out evenly over the line.
      const start = x + doc.widthOfString(lead) + 8;
      const names = FORM_BOXES.map((f) => f[this.input.culture]);
      this.font(false, 8);
      const widths = names.map((n) => doc.widthOfString(n) + 11);
      const gap = Math.max(3, (x + inner - start - widths.reduce((a, b) => a + b, 0)) / (FORM_BOXES.length - 1));
      let bx = start;
      FORM_BOXES.forEach((f, i) => {
        // ภ.ง.ด.1's payments are certified on the form's ภ.ง.ด.1ก box (it has no ภ.ง.ด.1 of its own).
        this.box(bx, y, f.entity === form || (form === PND1 && f.entity === PND1A));
        drawLine(doc, names[i], bx + 10, y, widths[i]);
        bx += widths[i] + gap;
      });
      y += 12;
      this.font(false, 6.5, MUTED);
      drawLine(doc, w.sequenceNote, x, y, inner);
    }
    this.y += height + 6;
  }

  /** The form's income table: the fixed rows, amounts on the rows the lines fall on, the totals. */
  private table(): void {
    const { doc, w } = this;
    const d = this.input.doc;
    const items = (Array.isArray(d.withholdingTaxItems) ? d.withholdingTaxItems : []).filter((i): i is Record<string, unknown> => i !== null && typeof i === "object");
    const byRow = linesByRow(items, this.input.culture);
    const date = formatDate(d.publishedOn, this.input.culture);
    const cols: [number, number, Align][] = [[PAGE.margin + TYPE_W, DATE_W, "center"], [PAGE.margin + TYPE_W + DATE_W, PAID_W, "right"], [RIGHT - TAX_W, TAX_W, "right"]];
    const amounts = (cells: string[], y: number): void => cells.forEach((cell, i) => drawLine(doc, cell, cols[i][0] + 3, y, cols[i][1] - 6, cols[i][2]));
    const top = this.y;
    const header = (): void => {
      const h = 27;
      doc.rect(PAGE.margin, this.y, CONTENT, h).fill(SHADE);
      this.font(true, 8.5);
      drawLine(doc, w.type, PAGE.margin, this.y + 8, TYPE_W, "center");
      [w.date, w.paid, w.tax].forEach((label, i) => {
        const lines = wrapText(doc, label, cols[i][1] - 6);
        lines.forEach((line, j) => drawLine(doc, line, cols[i][0] + 3, this.y + 2 + j * 11 + (lines.length === 1 ? 6 : 0), cols[i][1] - 6, "center"));
      });
      this.y += h + 3;
    };
    this.ensure(60);
    header();
    let paid: Decimal = ZERO;
    let tax: Decimal = ZERO;
    INCOME_ROWS.forEach((row, index) => {
      const lines = byRow.get(index) ?? [];
      const indent = row.depth * 10;
      const width = TYPE_W - 6 - indent;
      this.font(false, 7.5);
      const labelHeight = this.measure(row[this.input.culture], width);
      this.font(false, 7, MUTED);
      const itemized = lines.map((l) => this.measure(l.words, width - 8));
      this.ensure(labelHeight + itemized.reduce((a, b) => a + b, 0) + 2);
      this.font(false, 7.5);
      const y = this.y;
      this.y += this.text(row[this.input.culture], PAGE.margin + 3 + indent, y, width);
      if (lines.length > 0) {
        const rowPaid = lines.reduce((s, l) => s.plus(l.paid), ZERO as Decimal);
        const rowTax = lines.reduce((s, l) => s.plus(l.tax), ZERO as Decimal);
        this.font(false, 8);
        amounts([date, formatMoney(rowPaid), formatMoney(rowTax)], y);
        // Each line's own words under its row; its amounts too where the row adds up several.
        this.font(false, 7, MUTED);
        lines.forEach((l, i) => {
          const at = this.y;
          this.y += this.text(l.words, PAGE.margin + 11 + indent, at, width - 8);
          if (lines.length > 1) amounts(["", formatMoney(l.paid), formatMoney(l.tax)], at);
          if (i === lines.length - 1) this.y += 1;
        });
        paid = paid.plus(rowPaid);
        tax = tax.plus(rowTax);
      }
      this.y += 1.5;
    });
    // The column rules from the table's top to the totals.
    const rules = (from: number, to: number): void => {
      for (const x of [cols[0][0], cols[1][0], cols[2][0]]) doc.moveTo(x, from).lineTo(x, to).lineWidth(0.5).strokeColor(RULE).stroke();
    };
    if (doc.bufferedPageRange().count === 1 || this.y > top) rules(Math.max(top, PAGE.margin), this.y);
    // The certificate's own totals where it has them (what was filed), else the lines' sums.
    const total = parseDecimal(d.total) ?? paid;
    const withheld = parseDecimal(d.totalTaxWithheld) ?? tax;
    this.ensure(36);
    this.font(true, 9);
    doc.rect(PAGE.margin, this.y, CONTENT, 16).fill(SHADE);
    this.font(true, 9);
    drawLine(doc, w.total, PAGE.margin + 3, this.y + 3, TYPE_W + DATE_W - 6, "right");
    amounts(["", formatMoney(total), formatMoney(withheld)], this.y + 3);
    doc.rect(PAGE.margin, top, CONTENT, this.y + 16 - top).lineWidth(0.8).strokeColor(RULE).stroke();
    this.y += 20;
    this.font(false, 9);
    const words = this.input.culture === "th" ? bahtText(withheld) : bahtTextEn(withheld);
    this.y += this.text(`${w.inWords}  (${words})`, PAGE.margin, this.y, CONTENT) + 4;
  }

  /** กบข. / ประกันสังคม / กองทุนสำรองเลี้ยงชีพ: what was paid into each fund, blank where none. */
  private funds(): void {
    const { doc, w } = this;
    const d = this.input.doc;
    const amount = (v: unknown): string => money(v) || "..............";
    const licence = str(d.providentFundNumber);
    this.ensure(28);
    this.font(false, 8.5);
    drawLine(doc, `${w.funds} ${w.gpf} .............. ${w.baht}    ${w.socialSecurity} ${amount(d.socialSecurityAmount)} ${w.baht}`, PAGE.margin, this.y, CONTENT);
    this.y += 12;
    drawLine(doc, `${w.providentFund}${licence ? ` ${w.providentLicence} ${licence}` : ""} ${amount(d.providentFundAmount)} ${w.baht}`, PAGE.margin + 8, this.y, CONTENT - 8);
    this.y += 15;
  }

  private condition(): void {
    const { doc, w } = this;
    this.ensure(20);
    const chosen = CONDITION_OF[Number(this.input.doc.taxPayment)];
    this.font(true, 9);
    drawLine(doc, w.condition, PAGE.margin, this.y, 60);
    this.font(false, 8.5);
    // Each condition as wide as its words, the gaps shared out evenly over the line.
    const other = str(this.input.doc.taxPaymentOthers);
    const texts = w.conditions.map((c, i) => (i === 3 && other ? `${c} ${other}` : c));
    const widths = texts.map((t) => doc.widthOfString(t) + 11);
    const gap = Math.max(4, (CONTENT - 62 - widths.reduce((a, b) => a + b, 0)) / (texts.length - 1));
    let x = PAGE.margin + 62;
    texts.forEach((c, i) => {
      this.box(x, this.y, chosen === i);
      drawLine(doc, c, x + 11, this.y, Math.min(widths[i], RIGHT - x - 11));
      x += widths[i] + gap;
    });
    this.y += 18;
    const remarks = str(this.input.doc.remarks);
    if (remarks) {
      this.font(false, 8.5);
      const h = this.measure(`${w.remarks}: ${remarks}`, CONTENT);
      this.ensure(Math.min(h, BOTTOM - PAGE.margin - 40));
      this.y += this.text(`${w.remarks}: ${remarks}`, PAGE.margin, this.y, CONTENT) + 4;
    }
  }

  /** The warning box at the left, the payer's attestation, signature, date and seal at the right. */
  private signatureBoxes(): void {
    const { doc, w } = this;
    const height = 80;
    this.ensure(height + 4);
    const warnW = CONTENT * 0.3;
    const signX = PAGE.margin + warnW + 6;
    const signW = CONTENT - warnW - 6;
    doc.rect(PAGE.margin, this.y, warnW, height).lineWidth(0.8).strokeColor(RULE).stroke();
    doc.rect(signX, this.y, signW, height).lineWidth(0.8).strokeColor(RULE).stroke();
    this.font(true, 9);
    drawLine(doc, w.warningTitle, PAGE.margin + PAD, this.y + PAD, warnW - 2 * PAD);
    this.font(false, 7.5);
    this.text(w.warning, PAGE.margin + PAD, this.y + PAD + 13, warnW - 2 * PAD);
    // The seal's circle at the box's right, the attestation, signature and date beside it.
    const sealR = 25;
    const sealX = signX + signW - PAD - sealR;
    const sealY = this.y + height / 2;
    doc.circle(sealX, sealY, sealR).lineWidth(0.6).dash(2, { space: 2 }).strokeColor(MUTED).stroke().undash();
    this.font(false, 7, MUTED);
    w.seal.forEach((line, i) => drawLine(doc, line, sealX - sealR, sealY - 13 + i * 9, 2 * sealR, "center"));
    const textW = signW - 2 * PAD - 2 * sealR - 6;
    this.font(false, 8);
    let y = this.y + PAD + this.text(w.attest, signX + PAD, this.y + PAD, textW, "center") + 18;
    drawLine(doc, w.signature, signX + PAD, y, textW, "center");
    y += 14;
    drawLine(doc, formatDate(this.input.doc.publishedOn, this.input.culture), signX + PAD, y, textW, "center");
    y += 11;
    this.font(false, 7.5, MUTED);
    drawLine(doc, w.issued, signX + PAD, y, textW, "center");
    this.y += height + 5;
    this.font(false, 6.5, MUTED);
    const note = this.measure(w.taxIdNote, CONTENT);
    this.ensure(note);
    this.y += this.text(w.taxIdNote, PAGE.margin, this.y, CONTENT);
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
    this.funds();
    this.condition();
    this.signatureBoxes();
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

/** The certificate as a PDF: one set of pages per version, both of the payee's copies unless asked
 * otherwise (the form is issued as ฉบับที่ 1 and ฉบับที่ 2 together). */
export function renderCertificatePdf(input: CertificateRenderInput): Promise<Buffer> {
  const versions = input.versions && input.versions.length > 0 ? input.versions : (["original", "copy"] as const);
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
