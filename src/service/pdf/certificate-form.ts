// The printed 50 ทวิ's fixed parts, in Thai as the Revenue Department prints the form and in
// English: the copies' headings, the seven form boxes, the income rows 1-6 (with 4 (ก) and the
// dividend cases of 4 (ข)), the fund lines, the payer's conditions, the warning and the signature
// box. The layout is in certificate.ts. Pure.
import type { Culture } from "./labels";

/** One row of the form's income table: `codes` are the service's `incomeType`s it takes (none for a
 * heading, whose amounts stay empty); `depth` indents the dividend cases under 4 (ข). */
export interface FormRow {
  codes: readonly number[];
  depth: number;
  th: string;
  en: string;
  /** A row whose "(ระบุ)" the lines on it fill in. */
  specify?: boolean;
}

export const INCOME_ROWS: readonly FormRow[] = [
  { codes: [1], depth: 0, th: "1. เงินเดือน ค่าจ้าง เบี้ยเลี้ยง โบนัส ฯลฯ ตามมาตรา 40 (1)", en: "1. Salaries, wages, allowances, bonuses, etc. under section 40 (1)" },
  { codes: [3], depth: 0, th: "2. ค่าธรรมเนียม ค่านายหน้า ฯลฯ ตามมาตรา 40 (2)", en: "2. Fees, commissions, etc. under section 40 (2)" },
  { codes: [5], depth: 0, th: "3. ค่าแห่งลิขสิทธิ์ ฯลฯ ตามมาตรา 40 (3)", en: "3. Royalties, etc. under section 40 (3)" },
  { codes: [7], depth: 0, th: "4. (ก) ดอกเบี้ย ฯลฯ ตามมาตรา 40 (4) (ก)", en: "4. (a) Interest, etc. under section 40 (4) (a)" },
  { codes: [], depth: 1, th: "(ข) เงินปันผล เงินส่วนแบ่งกำไร ฯลฯ ตามมาตรา 40 (4) (ข)", en: "(b) Dividends, shares of profit, etc. under section 40 (4) (b)" },
  {
    codes: [], depth: 2,
    th: "(1) กรณีผู้ได้รับเงินปันผลได้รับเครดิตภาษี โดยจ่ายจากกำไรสุทธิของกิจการที่ต้องเสียภาษีเงินได้นิติบุคคลในอัตราดังนี้",
    en: "(1) With a tax credit: paid out of net profit on which corporate income tax is paid at",
  },
  { codes: [11], depth: 3, th: "(1.1) อัตราร้อยละ 30 ของกำไรสุทธิ", en: "(1.1) 30% of net profit" },
  { codes: [13], depth: 3, th: "(1.2) อัตราร้อยละ 25 ของกำไรสุทธิ", en: "(1.2) 25% of net profit" },
  { codes: [15], depth: 3, th: "(1.3) อัตราร้อยละ 20 ของกำไรสุทธิ", en: "(1.3) 20% of net profit" },
  { codes: [], depth: 3, th: "(1.4) อัตราอื่น ๆ (ระบุ) ............ ของกำไรสุทธิ", en: "(1.4) Other rate (specify) ............ of net profit" },
  { codes: [], depth: 2, th: "(2) กรณีผู้ได้รับเงินปันผลไม่ได้รับเครดิตภาษี เนื่องจากจ่ายจาก", en: "(2) Without a tax credit, as paid out of" },
  { codes: [17], depth: 3, th: "(2.1) กำไรสุทธิของกิจการที่ได้รับยกเว้นภาษีเงินได้นิติบุคคล", en: "(2.1) Net profit exempt from corporate income tax" },
  {
    codes: [19], depth: 3,
    th: "(2.2) เงินปันผลหรือเงินส่วนแบ่งของกำไรที่ได้รับยกเว้นไม่ต้องนำมารวมคำนวณเป็นรายได้เพื่อเสียภาษีเงินได้นิติบุคคล",
    en: "(2.2) Dividends or shares of profit exempt from being included in income for corporate income tax",
  },
  {
    codes: [21], depth: 3,
    th: "(2.3) กำไรสุทธิส่วนที่ได้หักผลขาดทุนสุทธิยกมาไม่เกิน 5 ปี ก่อนรอบระยะเวลาบัญชีปีปัจจุบัน",
    en: "(2.3) Net profit after net losses brought forward from up to 5 years before the current accounting period",
  },
  { codes: [23], depth: 3, th: "(2.4) กำไรที่รับรู้ทางบัญชีโดยวิธีส่วนได้เสีย (equity method)", en: "(2.4) Profit recognised by the equity method" },
  { codes: [25], depth: 3, th: "(2.5) อื่น ๆ (ระบุ)", en: "(2.5) Other (specify)", specify: true },
  {
    codes: [27], depth: 0, specify: true,
    th: "5. การจ่ายเงินได้ที่ต้องหักภาษี ณ ที่จ่าย ตามคำสั่งกรมสรรพากรที่ออกตามมาตรา 3 เตรส เช่น รางวัล ส่วนลดหรือประโยชน์ใด ๆ เนื่องจากการส่งเสริมการขาย รางวัลในการประกวด การแข่งขัน การชิงโชค ค่าแสดงของนักแสดงสาธารณะ ค่าจ้างทำของ ค่าโฆษณา ค่าเช่า ค่าขนส่ง ค่าบริการ ค่าเบี้ยประกันวินาศภัย ฯลฯ",
    en: "5. Payments subject to withholding under the Revenue Department's orders issued under section 3 tredecim, such as prizes, discounts or benefits from sales promotion, prizes in contests, competitions and lucky draws, public entertainers' fees, hire of work, advertising, rent, transport, services, non-life insurance premiums, etc.",
  },
  { codes: [29], depth: 0, th: "6. อื่น ๆ (ระบุ)", en: "6. Other (specify)", specify: true },
];

/** The seven forms the 50 ทวิ lists, numbered as printed, with the service's `entity` of each. */
export const FORM_BOXES: readonly { entity: number; th: string; en: string }[] = [
  { entity: 5, th: "(1) ภ.ง.ด.1ก", en: "(1) PND1A" },
  { entity: 7, th: "(2) ภ.ง.ด.1ก พิเศษ", en: "(2) PND1A special" },
  { entity: 9, th: "(3) ภ.ง.ด.2", en: "(3) PND2" },
  { entity: 1, th: "(4) ภ.ง.ด.3", en: "(4) PND3" },
  { entity: 11, th: "(5) ภ.ง.ด.2ก", en: "(5) PND2A" },
  { entity: 13, th: "(6) ภ.ง.ด.3ก", en: "(6) PND3A" },
  { entity: 3, th: "(7) ภ.ง.ด.53", en: "(7) PND53" },
];

/** The service's `entity` of ภ.ง.ด.1: certified on the form's ภ.ง.ด.1ก box, the 50 ทวิ having none of its own. */
export const PND1 = 15;
export const PND1A = 5;

/** The service's `taxPayment` 1, 3, 5, 7 → the form's conditions (1)-(4). */
export const CONDITION_OF: Readonly<Record<number, number>> = { 1: 0, 3: 1, 5: 2, 7: 3 };

export const WORDS = {
  th: {
    title: "หนังสือรับรองการหักภาษี ณ ที่จ่าย",
    section: "ตามมาตรา 50 ทวิ แห่งประมวลรัษฎากร",
    original: "ฉบับที่ 1 (สำหรับผู้ถูกหักภาษี ณ ที่จ่าย ใช้แนบพร้อมกับแบบแสดงรายการภาษี)",
    copy: "ฉบับที่ 2 (สำหรับผู้ถูกหักภาษี ณ ที่จ่าย เก็บไว้เป็นหลักฐาน)",
    book: "เล่มที่",
    serial: "เลขที่",
    payer: "ผู้มีหน้าที่หักภาษี ณ ที่จ่าย :",
    payee: "ผู้ถูกหักภาษี ณ ที่จ่าย :",
    name: "ชื่อ",
    nameNote: "(ให้ระบุว่าเป็น บุคคล นิติบุคคล บริษัท สมาคม หรือคณะบุคคล)",
    taxId: "เลขประจำตัวผู้เสียภาษีอากร (13 หลัก)*",
    branch: "สาขาที่",
    headOffice: "สำนักงานใหญ่",
    address: "ที่อยู่",
    sequence: "ลำดับที่",
    form: "ในแบบ",
    sequenceNote: "(ให้สามารถอ้างอิงหรือสอบยันกันได้ระหว่างลำดับที่ตามหนังสือรับรองฯ กับแบบยื่นรายการภาษีหักที่จ่าย)",
    type: "ประเภทเงินได้พึงประเมินที่จ่าย",
    date: "วัน เดือน หรือปีภาษี ที่จ่าย",
    paid: "จำนวนเงินที่จ่าย",
    tax: "ภาษีที่หัก และนำส่งไว้",
    total: "รวมเงินที่จ่ายและภาษีที่หักนำส่ง",
    inWords: "รวมเงินภาษีที่หักนำส่ง (ตัวอักษร)",
    funds: "เงินที่จ่ายเข้า",
    gpf: "กบข./กสจ./กองทุนสงเคราะห์ครูโรงเรียนเอกชน",
    socialSecurity: "กองทุนประกันสังคม",
    providentFund: "กองทุนสำรองเลี้ยงชีพ",
    providentLicence: "ใบอนุญาตเลขที่",
    baht: "บาท",
    condition: "ผู้จ่ายเงิน",
    conditions: ["(1) หัก ณ ที่จ่าย", "(2) ออกให้ตลอดไป", "(3) ออกให้ครั้งเดียว", "(4) อื่น ๆ (ระบุ)"],
    warningTitle: "คำเตือน",
    warning: "ผู้มีหน้าที่ออกหนังสือรับรองการหักภาษี ณ ที่จ่าย ฝ่าฝืนไม่ปฏิบัติตามมาตรา 50 ทวิ แห่งประมวลรัษฎากร ต้องรับโทษทางอาญาตามมาตรา 35 แห่งประมวลรัษฎากร",
    attest: "ขอรับรองว่าข้อความและตัวเลขดังกล่าวข้างต้นถูกต้องตรงกับความจริงทุกประการ",
    signature: "ลงชื่อ ....................................... ผู้จ่ายเงิน",
    issued: "(วัน เดือน ปี ที่ออกหนังสือรับรองฯ)",
    seal: ["ประทับตรา", "นิติบุคคล", "(ถ้ามี)"],
    remarks: "หมายเหตุ",
    taxIdNote: "* เลขประจำตัวผู้เสียภาษีอากร (13 หลัก) หมายถึง 1. กรณีบุคคลธรรมดาไทย ให้ใช้เลขประจำตัวประชาชนของกรมการปกครอง 2. กรณีนิติบุคคล ให้ใช้เลขทะเบียนนิติบุคคลของกรมพัฒนาธุรกิจการค้า 3. กรณีอื่น ๆ นอกเหนือจาก 1. และ 2. ให้ใช้เลขประจำตัวผู้เสียภาษีอากร (13 หลัก) ของกรมสรรพากร",
    page: "หน้า",
    void: "ยกเลิก",
  },
  en: {
    title: "Withholding Tax Certificate",
    section: "under section 50 bis of the Revenue Code",
    original: "Copy 1 (for the payee, to attach to the tax return)",
    copy: "Copy 2 (for the payee, to keep as evidence)",
    book: "Book No.",
    serial: "No.",
    payer: "Payer (withholding agent):",
    payee: "Payee (tax withheld from):",
    name: "Name",
    nameNote: "(state whether an individual, juristic person, company, association or body of persons)",
    taxId: "Tax ID (13 digits)*",
    branch: "Branch",
    headOffice: "Head office",
    address: "Address",
    sequence: "Sequence No.",
    form: "in form",
    sequenceNote: "(so that the certificate can be matched with its sequence in the withholding tax return)",
    type: "Type of income paid",
    date: "Date or tax year paid",
    paid: "Amount paid",
    tax: "Tax withheld and remitted",
    total: "Total paid and tax withheld",
    inWords: "Total tax withheld (in words)",
    funds: "Paid into",
    gpf: "GPF / private school teachers' fund",
    socialSecurity: "Social Security Fund",
    providentFund: "Provident fund",
    providentLicence: "licence No.",
    baht: "Baht",
    condition: "The payer",
    conditions: ["(1) withholds at source", "(2) pays the tax every time", "(3) pays the tax once", "(4) other (specify)"],
    warningTitle: "Warning",
    warning: "A person required to issue a withholding tax certificate who does not comply with section 50 bis of the Revenue Code is liable to criminal penalty under section 35 of the Revenue Code.",
    attest: "I certify that the statements and figures above are true and correct.",
    signature: "Signed ....................................... Payer",
    issued: "(date the certificate is issued)",
    seal: ["Company", "seal", "(if any)"],
    remarks: "Remarks",
    taxIdNote: "* Tax ID (13 digits): 1. a Thai individual's national ID number; 2. a juristic person's registration number with the Department of Business Development; 3. otherwise the 13-digit tax ID given by the Revenue Department.",
    page: "Page",
    void: "VOID",
  },
} as const;

export type CertificateWords = (typeof WORDS)[Culture];

/** The form's row a line's income type is printed on: the service's `incomeType` where it is one
 * of the form's, else the row of "other" (6). */
export function rowOfIncomeType(code: number): number {
  const at = INCOME_ROWS.findIndex((r) => r.codes.includes(code));
  return at >= 0 ? at : INCOME_ROWS.length - 1;
}

/** The book (เล่มที่) of a serial the service numbers per month (PREFIX + YYYYMM + 4 digits): its
 * month part; a serial of another shape has none. */
export function bookOfSerial(serial: string): string {
  return /^(.*\d{6})\d{4}$/.exec(serial)?.[1] ?? "";
}
