// Why the .xlsx reader refuses a file, in English and Thai by key, as src/cli/usage-words.ts keeps
// the command's own: an XlsxReadError (or XmlError) carries its key and values and is rendered in
// the run's language where it is shown. Part names, sheet names and what the file holds stay as
// they are. Pure (the preview page reads workbooks in the browser too).
import type { Lang } from "../rules/lang";

export const READ_WORDS = {
  // The archive.
  notZip: {
    en: "not a zip archive (no end of central directory), so not an .xlsx file (an .xls file, or a password-protected workbook, is not read)",
    th: "ไฟล์นี้ไม่ใช่ไฟล์ zip จึงไม่ใช่ไฟล์ .xlsx (ไฟล์ .xls หรือเวิร์กบุ๊กที่ตั้งรหัสผ่านไว้ อ่านไม่ได้)",
  },
  zip64Missing: { en: "corrupt zip archive (its ZIP64 end record is missing)", th: "ไฟล์ zip เสียหาย (ไม่มีส่วนท้าย ZIP64)" },
  directoryDamaged: { en: "corrupt zip archive (its central directory is damaged)", th: "ไฟล์ zip เสียหาย (สารบัญของไฟล์เสียหาย)" },
  directoryOutside: { en: "corrupt zip archive (its directory points outside the file)", th: "ไฟล์ zip เสียหาย (สารบัญชี้ออกนอกไฟล์)" },
  encrypted: { en: "{part} is encrypted: save the workbook without a password", th: "{part} ถูกเข้ารหัสไว้ ให้บันทึกเวิร์กบุ๊กโดยไม่ตั้งรหัสผ่าน" },
  compression: {
    en: "{part} is packed with compression method {method}, which an .xlsx file does not use",
    th: "{part} ถูกบีบอัดด้วยวิธีที่ {method} ซึ่งไฟล์ .xlsx ไม่ใช้",
  },
  partMisplaced: { en: "corrupt zip archive ({part} is not where its directory says)", th: "ไฟล์ zip เสียหาย ({part} ไม่อยู่ในตำแหน่งที่สารบัญระบุ)" },
  partCut: { en: "corrupt zip archive ({part} is cut short)", th: "ไฟล์ zip เสียหาย ({part} ขาดหายไปบางส่วน)" },
  partCorrupt: { en: "corrupt zip archive ({part}: {detail})", th: "ไฟล์ zip เสียหาย ({part} คลายการบีบอัดไม่ได้ [{detail}])" },
  partOver: {
    en: "{part} unpacks to {size}, over {limit}, the most DocSheet reads of one part of a workbook",
    th: "{part} คลายออกมาได้ {size} เกิน {limit} ซึ่งเป็นขนาดสูงสุดที่ DocSheet อ่านได้ต่อหนึ่งส่วนของเวิร์กบุ๊ก",
  },
  partOverMore: {
    en: "{part} unpacks to more than {limit}, the most DocSheet reads of one part of a workbook",
    th: "{part} คลายออกมาได้มากกว่า {limit} ซึ่งเป็นขนาดสูงสุดที่ DocSheet อ่านได้ต่อหนึ่งส่วนของเวิร์กบุ๊ก",
  },
  // The parts.
  workbookPart: { en: "the workbook", th: "เวิร์กบุ๊ก" },
  relationshipsPart: { en: "the workbook's relationships", th: "ความสัมพันธ์ของเวิร์กบุ๊ก" },
  sharedStringsPart: { en: "the shared strings", th: "ข้อความที่ใช้ร่วมกัน (shared strings)" },
  stylesPart: { en: "the styles", th: "รูปแบบเซลล์ (styles)" },
  sheetPart: { en: 'sheet "{sheet}"', th: 'ชีต "{sheet}"' },
  notWellFormed: {
    en: "{what} is not well-formed XML ({part}, {detail}): the file is damaged",
    th: "{what} ไม่ใช่ XML ที่ถูกต้อง ({part}, {detail}) ไฟล์เสียหาย",
  },
  noWorkbook: {
    en: "the archive has no xl/workbook.xml (not an .xlsx file, or a corrupt one)",
    th: "ไฟล์นี้ไม่มี xl/workbook.xml (ไม่ใช่ไฟล์ .xlsx หรือไฟล์เสียหาย)",
  },
  noSheets: { en: "the workbook has no sheets", th: "เวิร์กบุ๊กนี้ไม่มีชีต" },
  noSheetNamed: { en: 'no sheet named "{sheet}"', th: 'ไม่มีชีตชื่อ "{sheet}"' },
  // Cells and rows.
  notCellAddress: { en: '"{ref}" is not a cell address', th: '"{ref}" ไม่ใช่ที่อยู่ของเซลล์' },
  cellBeyondColumn: { en: "cell {ref} lies beyond column XFD, Excel's last", th: "เซลล์ {ref} อยู่เลยคอลัมน์ XFD ซึ่งเป็นคอลัมน์สุดท้ายของ Excel" },
  cellBeyondRow: { en: "cell {ref} lies beyond row 1,048,576, Excel's last", th: "เซลล์ {ref} อยู่เลยแถว 1,048,576 ซึ่งเป็นแถวสุดท้ายของ Excel" },
  rowNumbered: { en: 'sheet "{sheet}" has a row numbered "{row}"', th: 'ชีต "{sheet}" มีแถวเลขที่ "{row}"' },
  rowBeyond: {
    en: "sheet \"{sheet}\" has a row numbered {row}, beyond row 1,048,576, Excel's last",
    th: 'ชีต "{sheet}" มีแถวเลขที่ {row} ซึ่งเลยแถว 1,048,576 แถวสุดท้ายของ Excel',
  },
  sheetCellBeyondColumn: {
    en: "sheet \"{sheet}\" has a cell beyond column XFD, Excel's last",
    th: 'ชีต "{sheet}" มีเซลล์ที่อยู่เลยคอลัมน์ XFD ซึ่งเป็นคอลัมน์สุดท้ายของ Excel',
  },
  sharedStringMissing: {
    en: 'sheet "{sheet}" cell {cell} names shared string {index}, which the file does not have (it has {count}): the file is damaged',
    th: 'ชีต "{sheet}" เซลล์ {cell} อ้างถึงข้อความที่ใช้ร่วมกันลำดับที่ {index} ซึ่งไม่มีในไฟล์ (มีเพียง {count}) ไฟล์เสียหาย',
  },
  cellTooLong: {
    en: 'sheet "{sheet}" cell {cell} holds {chars} characters, more than {max}, the most a cell of Excel holds',
    th: 'ชีต "{sheet}" เซลล์ {cell} มี {chars} ตัวอักษร มากกว่า {max} ซึ่งเป็นจำนวนสูงสุดที่เซลล์ของ Excel เก็บได้',
  },
  sheetTooManyChars: {
    en: 'sheet "{sheet}" holds more than {max} characters of text, shared strings counted at every cell that uses them, the most DocSheet reads of one sheet: split it into smaller sheets or files',
    th: 'ชีต "{sheet}" มีข้อความเกิน {max} ตัวอักษร (นับข้อความที่ใช้ร่วมกันทุกเซลล์ที่ใช้) ซึ่งเป็นจำนวนสูงสุดที่ DocSheet อ่านได้ต่อหนึ่งชีต ให้แบ่งเป็นชีตหรือไฟล์ที่เล็กลง',
  },
  tooManyCells: {
    en: 'sheet "{sheet}" holds more than {max} filled cells, the most DocSheet reads of one sheet: split it into smaller sheets or files',
    th: 'ชีต "{sheet}" มีเซลล์ที่มีข้อมูลเกิน {max} เซลล์ ซึ่งเป็นจำนวนสูงสุดที่ DocSheet อ่านได้ต่อหนึ่งชีต ให้แบ่งเป็นชีตหรือไฟล์ที่เล็กลง',
  },
  tooManyRows: {
    en: 'sheet "{sheet}" holds values in more than {max} rows, the most DocSheet reads of one sheet as a table: split it into smaller sheets or files (a month each, say)',
    th: 'ชีต "{sheet}" มีข้อมูลเกิน {max} แถว ซึ่งเป็นจำนวนสูงสุดที่ DocSheet อ่านเป็นตารางได้ต่อหนึ่งชีต ให้แบ่งเป็นชีตหรือไฟล์ที่เล็กลง (เช่น เดือนละชีต)',
  },
  sheetTooLarge: {
    en: 'sheet "{sheet}" is too large to read: {detail}; split it into smaller sheets or files',
    th: 'ชีต "{sheet}" ใหญ่เกินกว่าจะอ่านได้: {detail} ให้แบ่งเป็นชีตหรือไฟล์ที่เล็กลง',
  },
  // Merged areas.
  tooManyMerges: {
    en: 'sheet "{sheet}" has more than {max} merged areas, the most DocSheet reads',
    th: 'ชีต "{sheet}" มีพื้นที่ผสานเซลล์เกิน {max} แห่ง ซึ่งเป็นจำนวนสูงสุดที่ DocSheet อ่านได้',
  },
  mergesOverlap: {
    en: 'sheet "{sheet}" has merged areas that overlap ({first} and {second}): the file is damaged',
    th: 'ชีต "{sheet}" มีพื้นที่ผสานเซลล์ที่ทับกัน ({first} และ {second}) ไฟล์เสียหาย',
  },
  mergesCover: {
    en: 'sheet "{sheet}" has merged areas covering {cells} cells; DocSheet writes results into sheets whose merged areas cover at most {max} (unmerge them in Excel)',
    th: 'ชีต "{sheet}" มีพื้นที่ผสานเซลล์รวม {cells} เซลล์ DocSheet เขียนผลลงชีตที่พื้นที่ผสานเซลล์รวมไม่เกิน {max} เซลล์ (ให้ยกเลิกการผสานเซลล์ใน Excel)',
  },
  cannotRead: { en: "cannot read {source}: {detail}", th: "อ่าน {source} ไม่ได้: {detail}" },
  // Not well-formed XML (xml-scan.ts): the detail inside notWellFormed.
  xmlAt: { en: "at character {at}: {detail}", th: "ที่ตัวอักษรที่ {at}: {detail}" },
  xmlBadAmpersand: { en: 'a "&" that starts no entity', th: 'มี "&" ที่ไม่ได้เริ่ม entity' },
  xmlUnknownEntity: { en: 'an unknown entity "&{name};"', th: 'มี entity ที่ไม่รู้จัก "&{name};"' },
  xmlEndsInTag: { en: "the part ends inside a tag ({tag}…)", th: "ส่วนนี้จบกลางแท็ก ({tag}…)" },
  xmlEndsInText: { en: "the part ends inside text", th: "ส่วนนี้จบกลางข้อความ" },
  xmlNotClosed: { en: "the part ends with <{name}> not closed", th: "ส่วนนี้จบโดยยังไม่ปิด <{name}>" },
  xmlNoElement: { en: "the part holds no element", th: "ส่วนนี้ไม่มี element" },
  xmlTextOutside: { en: "text outside the root element", th: "มีข้อความอยู่นอก element หลัก" },
  xmlCdataEnd: { en: '"]]>" in text', th: 'มี "]]>" ในข้อความ' },
  xmlCdataOutside: { en: "CDATA outside the root element", th: "มี CDATA อยู่นอก element หลัก" },
  xmlDoctype: {
    en: "a DOCTYPE or other declaration, which an .xlsx part never holds",
    th: "มี DOCTYPE หรือการประกาศอื่น ซึ่งส่วนของไฟล์ .xlsx ไม่มีทางมี",
  },
  xmlTokenTooLong: { en: "a tag, comment or CDATA section longer than {mb} MB", th: "มีแท็ก ความเห็น หรือ CDATA ยาวเกิน {mb} MB" },
  xmlClosesNothing: { en: "</{name}> closes nothing", th: "</{name}> ไม่ได้ปิดอะไร" },
  xmlClosesOther: { en: "</{name}> closes <{open}>", th: "</{name}> ปิด <{open}>" },
  xmlLtNoTag: { en: 'a "<" that starts no tag', th: 'มี "<" ที่ไม่ได้เริ่มแท็ก' },
  xmlSlashEndsNothing: { en: '<{name}> has a "/" that ends nothing', th: '<{name}> มี "/" ที่ไม่ได้ปิดอะไร' },
  xmlNoSpace: { en: "<{name}> has no space before an attribute", th: "<{name}> ไม่มีช่องว่างก่อน attribute" },
  xmlAttributeNoValue: { en: "<{name}> has an attribute without a value", th: "<{name}> มี attribute ที่ไม่มีค่า" },
  xmlAttributeNoQuotes: { en: "<{name}> has an attribute value without quotes", th: "<{name}> มีค่า attribute ที่ไม่มีเครื่องหมายคำพูด" },
  xmlLtInAttribute: { en: '"<" inside an attribute value', th: 'มี "<" ในค่าของ attribute' },
  xmlAttributeTwice: { en: "<{name}> has the attribute {key} twice", th: "<{name}> มี attribute {key} ซ้ำสองครั้ง" },
  xmlTooManyAttributes: { en: "<{name}> has more than {max} attributes", th: "<{name}> มี attribute เกิน {max} ตัว" },
  xmlSecondRoot: { en: "a second root element <{name}>", th: "มี element หลักตัวที่สอง <{name}>" },
  xmlTooDeep: { en: "elements nest more than {max} deep", th: "element ซ้อนกันลึกเกิน {max} ชั้น" },
} as const satisfies Record<string, Record<Lang, string>>;

export type ReadKey = keyof typeof READ_WORDS;

/** A reader's message: its key and values, a value itself a message when one wraps another. */
export interface ReadMessage {
  readonly key: ReadKey;
  readonly params: Readonly<Record<string, ReadParam>>;
}
export type ReadParam = string | number | ReadMessage;

/** `msg`'s words in `lang`, values put in (a number as Excel shows it: 1,048,576). */
export function readText(msg: ReadMessage, lang: Lang): string {
  return READ_WORDS[msg.key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(msg.params, name)) return whole;
    const value = msg.params[name];
    return typeof value === "object" ? readText(value, lang) : typeof value === "number" ? value.toLocaleString("en-US") : value;
  });
}

/** An error of the reader that says why by key: `message` is its English. */
export class ReadWordsError extends Error {
  readonly readMessage: ReadMessage;
  constructor(key: ReadKey, params: Readonly<Record<string, ReadParam>> = {}) {
    const readMessage = { key, params };
    super(readText(readMessage, "en"));
    this.readMessage = readMessage;
  }
}

/** The message an error carries, when it is the reader's. */
export function readMessageOf(err: unknown): ReadMessage | undefined {
  const msg = (err as { readMessage?: ReadMessage } | null)?.readMessage;
  return msg && Object.hasOwn(READ_WORDS, msg.key) ? msg : undefined;
}
