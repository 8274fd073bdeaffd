// The pane's words for the books (journal vouchers, contacts, products), in English and Thai.
// i18n.ts merges them into the pane's one table.

export const BOOK_EN = {
  booksGroup: "Books",
  documentsGroup: "Documents",
  books: "Check and post",
  booksHelp: "Check pins each problem of the selected rows (or the table around the active cell) to its cell. Post sends the clean ones and writes back their record ids: a contact or product the service already has is found, not created again. Pull writes the service's records into a new sheet in the same layout.",
  saveDraft: "Save the vouchers as drafts (approve them later)",
  runBookPost: "Post",
  runBookUpdate: "Send edits",
  runBookPull: "Pull into a new sheet",
  bookPosted: "{created} created, {found} found, {skipped} already posted, {notSent} not sent, {failed} failed.",
  bookUpdated: "{updated} updated, {unchanged} unchanged, {notSent} not sent.",
} as const;

export const BOOK_TH: Record<keyof typeof BOOK_EN, string> = {
  booksGroup: "สมุดบัญชีและข้อมูลหลัก",
  documentsGroup: "เอกสาร",
  books: "ตรวจและส่ง",
  booksHelp: "ตรวจจะชี้ปัญหาของแถวที่เลือก (หรือตารางรอบเซลล์ที่เลือก) ที่เซลล์ของมัน ส่งจะส่งแถวที่ไม่มีปัญหาและเขียนรหัสในระบบกลับ ผู้ติดต่อหรือสินค้าที่มีในระบบแล้วจะถูกพบ ไม่สร้างซ้ำ ดึงจะเขียนข้อมูลจากระบบลงชีตใหม่ในรูปแบบเดียวกัน",
  saveDraft: "บันทึกใบสำคัญเป็นฉบับร่าง (อนุมัติภายหลัง)",
  runBookPost: "ส่ง",
  runBookUpdate: "ส่งการแก้ไข",
  runBookPull: "ดึงลงชีตใหม่",
  bookPosted: "สร้าง {created}, พบ {found}, ส่งไว้แล้ว {skipped}, ไม่ได้ส่ง {notSent}, ไม่สำเร็จ {failed}",
  bookUpdated: "แก้ไข {updated}, ไม่เปลี่ยน {unchanged}, ไม่ได้ส่ง {notSent}",
};
