// What the command prints besides findings and row results, in English or Thai (--lang), with
// counts in the shared plural helper: "1 document", "2 documents"; Thai nouns have one form.
import { count } from "../sheet/i18n/plural";
import type { Lang } from "../sheet/i18n/lang";
import type { ListCounts } from "../jobs/template";
import type { RefreshKind } from "../jobs/refresh";
import type { UpdateKind } from "../jobs/update";
import type { SheetFamily } from "../rules/codes";
import { recordCount, recordExample } from "../sheet/i18n/record-count";
import { render } from "../sheet/i18n/render";

export { count };

/** The counts of a post, in the pane's words (its Post summary). */
/** `warnings`: the s.86/4 warnings of documents sent all the same. Of contacts and products (said
 * only when there are some): `existing`, on the service before; `repeated`, rows naming the record
 * an earlier row of the same run made. `found` is what another run made. */
export type PostCounts = Record<"created" | "found" | "skipped" | "notSent" | "failed" | "unknown" | "warnings", number> & { existing?: number; repeated?: number };

export interface Words {
  /** findings: errors; warnings (s.86/4 details, headers ignored) and notes (a leading zero
   * restored) are counted apart, when any. */
  checked(documents: number, findings: number, warnings?: number, notes?: number, family?: SheetFamily): string;
  warning: string;
  note: string;
  /** "INV-1 (row 2): message" */
  row(key: string, row: number, message: string): string;
  posted(c: PostCounts, out: string): string;
  /** A post stopped because its output could not be saved; `saved`: the last try at the end worked. */
  saveStopped(c: Record<"created" | "found" | "notSent", number>, out: string, detail: string, saved: boolean, input: string): string;
  /** Another post of the workbook runs: this one waits for it. */
  waitingForPost(input: string, pid: number): string;
  acted(action: ActKind, done: number, skipped: number, failed: number, out: string): string;
  /** The command's word that starts its progress lines ("post: row 2 ..."), in the run's language. */
  doing: Record<Doing, string>;
  /** `family`: whose records were counted (contacts, products, ... by their own words); documents when not given. */
  pulled(documents: number, sheet: string, rows: number, out: string, family?: SheetFamily): string;
  template(out: string, sheet: string, columns: number, family?: SheetFamily): string;
  templateLists(c: ListCounts): string;
  undone(c: UndoCounts, out: string | null): string;
  updated(c: Record<UpdateKind, number>, out: string): string;
  updatePreview(c: Record<UpdateKind, number>): string;
  refreshed(c: Record<RefreshKind, number>, sheet: string, out: string): string;
  /** "cannot post": the start of a connection error, after "docsheet: ". */
  cannot: Record<Attempt, string>;
  /** The same of contacts, products, vouchers or certificates, where `cannot` would call them documents. */
  cannotRecords: Partial<Record<Attempt, string>>;
}

/** What a command was doing when the service failed it: its verb (act's --action names), or what it read. */
export type Attempt = "post" | "pull" | "refresh" | "update" | "undo" | "calc" | "documents" | "lists" | ActKind;
/** What a progress line names: the command, or act's action. */
export type Doing = "post" | "pull" | "refresh" | "update" | "undo" | "report" | ActKind;
/** act's --action values. */
export type ActKind = "status" | "delete" | "payment" | "upgrade" | "pdf" | "email" | "share" | "attach";

/** An undo's counts (undo.ts's kinds); out null for a dry run. */
export type UndoCounts = Record<"deleted" | "voided" | "gone" | "kept" | "refused" | "failed", number>;

// Documents undo refused as not verified (the record edited by hand): named only when there are some.
const refusedEn = (c: UndoCounts): string => (c.refused > 0 ? `${c.refused} refused (not verified as this post's), ` : "");
const refusedTh = (c: UndoCounts): string => (c.refused > 0 ? `ปฏิเสธเพราะตรวจไม่ได้ว่าเป็นของการส่งครั้งนี้ ${c.refused}, ` : "");

/** "2 contacts", "ผู้ติดต่อ 2 ราย": the family's records by their own word. */
const records = (family: SheetFamily | undefined, n: number, lang: Lang): string => render(recordCount(family, n), lang);

// English keeps the command's own word (what the user typed); Thai says what it does.
const DOING_EN: Record<Doing, string> = {
  post: "post", pull: "pull", refresh: "refresh", update: "update", undo: "undo", report: "report",
  status: "status", delete: "delete", payment: "payment", upgrade: "upgrade", pdf: "pdf", email: "email", share: "share", attach: "attach",
};
const DOING_TH: Record<Doing, string> = {
  post: "ส่ง", pull: "ดึง", refresh: "รีเฟรช", update: "แก้ไข", undo: "ย้อนกลับ", report: "รายงาน",
  status: "เปลี่ยนสถานะ", delete: "ลบ", payment: "บันทึกการชำระเงิน", upgrade: "แปลงเอกสาร", pdf: "ส่งออก PDF", email: "ส่งอีเมล", share: "แชร์", attach: "แนบไฟล์",
};

const EN: Words = {
  checked: (d, f, w = 0, n = 0, family) => `${records(family, d, "en")}, ${count(f, "finding")}${w > 0 ? `, ${count(w, "warning")}` : ""}${n > 0 ? `, ${count(n, "note")}` : ""}`,
  warning: "warning: ",
  note: "note: ",
  row: (key, row, message) => key === `row ${row}` ? `row ${row}: ${message}` : `${key} (row ${row}): ${message}`,
  // The pane's words (its Post summary), every count shown.
  posted: (c, out) => `${c.created} created, ${c.found} found from an earlier run, ${c.existing ? `${c.existing} already on the service, ` : ""}${c.repeated ? `${c.repeated} the same as an earlier row, ` : ""}${c.skipped} already posted, ${c.notSent} not sent, ${c.failed} failed, ${c.unknown} unknown${c.warnings > 0 ? `, ${count(c.warnings, "warning")}` : ""}; wrote ${out}`,
  saveStopped: (c, out, detail, saved, input) => `stopped: ${out} could not be saved (${detail}). ${c.created} created, ${c.found} found, ${c.notSent} not sent. `
    + (saved
      ? `The record ids of every document posted are now in ${out}; posting ${input} again sends the rest.`
      : `The record ids of documents posted since ${out} was last saved are not in it: posting ${input} again to an output that can be written finds them on the service by their markers (none is created twice), and undo of that output then reverses them all.`),
  waitingForPost: (input, pid) => `waiting: another docsheet post of ${input} is running (process ${pid})`,
  acted: (action, done, skipped, failed, out) => `${DOING_EN[action]}: ${done} done, ${skipped} skipped, ${failed} failed; wrote ${out}`,
  pulled: (d, sheet, rows, out, family) => `pulled ${records(family, d, "en")} into sheet "${sheet}" (${count(rows, "row")}) of ${out}`,
  template: (out, sheet, columns, family) => `wrote ${out}: sheet "${sheet}", ${count(columns, "column")}, ${render(recordExample(family), "en")}`,
  templateLists: (c) => `lookup lists: ${count(c.contacts, "contact")}, ${count(c.products, "product")}, ${count(c.bankAccounts, "bank account")}, `
    + `${count(c.cheques, "cheque")}, ${count(c.creditCards, "credit card")}, ${c.pettyCash} petty cash, ${count(c.otherChannels, "other channel")}, `
    + `${count(c.expenseCategories, "expense category", "expense categories")}, ${count(c.accounts, "account")}`,
  undone: (c, out) => out === null
    ? `dry run: would delete ${c.deleted}, would void ${c.voided}, ${c.gone} already deleted or void, ${c.kept} left alone, ${refusedEn(c)}${c.failed} failed; nothing changed`
    : `undone: ${c.deleted} deleted, ${c.voided} voided, ${c.gone} already deleted or void, ${c.kept} left alone, ${refusedEn(c)}${c.failed} failed; wrote ${out}`,
  updated: (c, out) => `${c.updated} updated, ${c.unchanged} unchanged, ${c.conflict} changed on the service, ${c.refused} refused, ${c.invalid + c.failed + c.cancelled} not sent; wrote ${out}`,
  updatePreview: (c) => `dry run: ${c.update} to update, ${c.unchanged} unchanged, ${c.conflict} changed on the service, ${c.refused} refused, ${c.invalid + c.failed + c.cancelled} not sent; nothing was sent`,
  refreshed: (c, sheet, out) => `refreshed sheet "${sheet}": ${c.refreshed} refreshed, ${c.added} added, ${c.unchanged} unchanged, ${c.void} void, ${c.deleted} deleted on the service, ${c.edited} edited in the sheet and not refreshed${c.refused ? `, ${c.refused} refused (the record id names another document)` : ""}; wrote ${out}`,
  cannot: {
    post: "cannot post", pull: "cannot pull", refresh: "cannot refresh", calc: "cannot calculate", update: "cannot update", undo: "cannot undo",
    documents: "cannot read the documents", lists: "cannot read the lookup lists",
    status: "cannot status", delete: "cannot delete", payment: "cannot payment", upgrade: "cannot upgrade",
    pdf: "cannot pdf", email: "cannot email", share: "cannot share", attach: "cannot attach",
  },
  cannotRecords: { documents: "cannot read the records" },
  doing: DOING_EN,
};

const TH: Words = {
  checked: (d, f, w = 0, n = 0, family) => `${records(family, d, "th")}, พบ ${f} ปัญหา${w > 0 ? `, คำเตือน ${w}` : ""}${n > 0 ? `, หมายเหตุ ${n}` : ""}`,
  warning: "คำเตือน: ",
  note: "หมายเหตุ: ",
  row: (key, row, message) => key === `row ${row}` ? `แถว ${row}: ${message}` : `${key} (แถว ${row}): ${message}`,
  posted: (c, out) => `สร้าง ${c.created}, พบจากการส่งครั้งก่อน ${c.found}, ${c.existing ? `มีในระบบอยู่แล้ว ${c.existing}, ` : ""}${c.repeated ? `ซ้ำกับแถวก่อนหน้า ${c.repeated}, ` : ""}ส่งไว้แล้ว ${c.skipped}, ไม่ได้ส่ง ${c.notSent}, ไม่สำเร็จ ${c.failed}, ไม่ทราบผล ${c.unknown}${c.warnings > 0 ? `, คำเตือน ${c.warnings}` : ""}; เขียน ${out} แล้ว`,
  saveStopped: (c, out, detail, saved, input) => `หยุดแล้ว: บันทึก ${out} ไม่ได้ (${detail}) สร้าง ${c.created}, พบ ${c.found}, ไม่ได้ส่ง ${c.notSent} `
    + (saved
      ? `เลขที่อ้างอิงของเอกสารทุกฉบับที่ส่งแล้วอยู่ใน ${out} แล้ว ส่ง ${input} อีกครั้งเพื่อส่งส่วนที่เหลือ`
      : `เลขที่อ้างอิงของเอกสารที่ส่งหลังจากบันทึก ${out} ครั้งล่าสุดไม่อยู่ในไฟล์: ส่ง ${input} อีกครั้งไปยังไฟล์ที่เขียนได้ จะพบเอกสารเหล่านั้นในบริการจากเครื่องหมาย (ไม่สร้างซ้ำ) แล้วการย้อนกลับของไฟล์นั้นจะย้อนกลับได้ทั้งหมด`),
  waitingForPost: (input, pid) => `กำลังรอ: มีการส่ง ${input} อีกรายการทำงานอยู่ (โปรเซส ${pid})`,
  acted: (action, done, skipped, failed, out) => `${DOING_TH[action]}: สำเร็จ ${done}, ข้าม ${skipped}, ไม่สำเร็จ ${failed}; เขียน ${out} แล้ว`,
  pulled: (d, sheet, rows, out, family) => `ดึง ${records(family, d, "th")}ลงชีต "${sheet}" (${rows} แถว) ใน ${out} แล้ว`,
  template: (out, sheet, columns, family) => `เขียน ${out} แล้ว: ชีต "${sheet}", ${columns} คอลัมน์, ${render(recordExample(family), "th")}`,
  templateLists: (c) => `รายการให้เลือก: ผู้ติดต่อ ${c.contacts}, สินค้า ${c.products}, บัญชีธนาคาร ${c.bankAccounts}, เช็ค ${c.cheques}, `
    + `บัตรเครดิต ${c.creditCards}, เงินสดย่อย ${c.pettyCash}, ช่องทางอื่น ${c.otherChannels}, หมวดค่าใช้จ่าย ${c.expenseCategories}, ผังบัญชี ${c.accounts}`,
  undone: (c, out) => out === null
    ? `ทดลอง: จะลบ ${c.deleted}, จะยกเลิก ${c.voided}, ถูกลบหรือยกเลิกไปก่อนแล้ว ${c.gone}, ไม่ได้ย้อนกลับ ${c.kept}, ${refusedTh(c)}ไม่สำเร็จ ${c.failed}; ไม่ได้เปลี่ยนแปลงอะไร`
    : `ย้อนกลับ: ลบ ${c.deleted}, ยกเลิก ${c.voided}, ถูกลบหรือยกเลิกไปก่อนแล้ว ${c.gone}, ไม่ได้ย้อนกลับ ${c.kept}, ${refusedTh(c)}ไม่สำเร็จ ${c.failed}; เขียน ${out} แล้ว`,
  updated: (c, out) => `แก้ไข ${c.updated}, ไม่เปลี่ยน ${c.unchanged}, ถูกแก้บนระบบ ${c.conflict}, ปฏิเสธ ${c.refused}, ไม่ได้ส่ง ${c.invalid + c.failed + c.cancelled}; เขียน ${out} แล้ว`,
  updatePreview: (c) => `ทดลอง: จะแก้ไข ${c.update}, ไม่เปลี่ยน ${c.unchanged}, ถูกแก้บนระบบ ${c.conflict}, ปฏิเสธ ${c.refused}, ไม่ได้ส่ง ${c.invalid + c.failed + c.cancelled}; ยังไม่ได้ส่งอะไร`,
  refreshed: (c, sheet, out) => `รีเฟรชชีต "${sheet}" แล้ว: รีเฟรช ${c.refreshed}, เพิ่ม ${c.added}, ไม่เปลี่ยน ${c.unchanged}, ถูกยกเลิก ${c.void}, ถูกลบบนระบบ ${c.deleted}, แก้ไขในชีตแล้วไม่ได้รีเฟรช ${c.edited}${c.refused ? `, ปฏิเสธ ${c.refused} (รหัสในระบบเป็นของเอกสารอื่น)` : ""}; เขียน ${out} แล้ว`,
  cannot: {
    post: "ส่งเอกสารไม่ได้", pull: "ดึงเอกสารไม่ได้", refresh: "รีเฟรชไม่ได้", calc: "คำนวณไม่ได้", update: "แก้ไขเอกสารไม่ได้", undo: "ย้อนกลับไม่ได้",
    documents: "อ่านเอกสารไม่ได้", lists: "อ่านรายการให้เลือกไม่ได้",
    status: "เปลี่ยนสถานะไม่ได้", delete: "ลบเอกสารไม่ได้", payment: "บันทึกการชำระเงินไม่ได้", upgrade: "แปลงเอกสารไม่ได้",
    pdf: "ส่งออก PDF ไม่ได้", email: "ส่งอีเมลไม่ได้", share: "สร้างลิงก์แชร์ไม่ได้", attach: "แนบไฟล์ไม่ได้",
  },
  cannotRecords: { post: "ส่งข้อมูลไม่ได้", pull: "ดึงข้อมูลไม่ได้", update: "แก้ไขข้อมูลไม่ได้", documents: "อ่านข้อมูลไม่ได้", delete: "ลบไม่ได้" },
  doing: DOING_TH,
};

export function words(lang: Lang): Words {
  return lang === "th" ? TH : EN;
}
