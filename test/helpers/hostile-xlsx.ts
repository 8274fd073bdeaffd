// Hostile .xlsx files, made at test time (nothing of the kind is committed): the inputs a hostile
// tester fed `docsheet check` and `map` (issue 23), each as the bytes of a small workbook whose one
// sheet, shared strings or archive is the trap. A zip here is written by hand so that a part's
// declared size can lie.
import { crc32, deflateRawSync } from "node:zlib";

export interface Part {
  name: string;
  data: string | Buffer;
  /** The size the directory declares, when it should lie. */
  declaredSize?: number;
  /** Deflate level (9 unless given: a big genuine part packs faster at 1). */
  level?: number;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n, 0);
  return b;
}

/** A zip archive of deflated parts. */
export function zipParts(parts: readonly Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const raw = typeof p.data === "string" ? Buffer.from(p.data, "utf8") : p.data;
    const packed = deflateRawSync(raw, { level: p.level ?? 9 });
    const name = Buffer.from(p.name, "utf8");
    const size = p.declaredSize ?? raw.length;
    // The fields a local header and its directory entry share: version, flags, method, time, date,
    // CRC, sizes, name length, extra length.
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0);
    common.writeUInt16LE(8, 4);
    common.writeUInt32LE(crc32(raw), 10);
    common.writeUInt32LE(packed.length, 14);
    common.writeUInt32LE(Math.min(size, 0xffffffff), 18);
    common.writeUInt16LE(name.length, 22);
    const local = Buffer.concat([u32(0x04034b50), common]);
    const tail = Buffer.alloc(12);
    tail.writeUInt32LE(offset, 8);
    const central = Buffer.concat([u32(0x02014b50), Buffer.from([20, 0]), common, Buffer.alloc(2), tail]);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

/** A workbook of one sheet "Sales" whose sheet part is `sheet` (and shared strings, if given). */
export function workbook(
  sheet: Part["data"], options: { sharedStrings?: Part["data"]; sheetSize?: number; stringsSize?: number; level?: number } = {},
): Buffer {
  const parts: Part[] = [
    { name: "[Content_Types].xml", data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>' },
    { name: "xl/workbook.xml", data: `<workbook ${NS} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sales" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    { name: "xl/_rels/workbook.xml.rels", data: '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>' },
    { name: "xl/worksheets/sheet1.xml", data: sheet, declaredSize: options.sheetSize, level: options.level },
  ];
  if (options.sharedStrings !== undefined) {
    parts.push({ name: "xl/sharedStrings.xml", data: options.sharedStrings, declaredSize: options.stringsSize, level: options.level });
  }
  return zipParts(parts);
}

const str = (ref: string, text: string): string => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const HEADER = `<row r="1">${str("A1", "documentKey")}${str("B1", "contactName")}${str("C1", "publishedOn")}${str("D1", "item.name")}${str("E1", "item.quantity")}${str("F1", "item.pricePerUnit")}${str("G1", "isVat")}</row>`;
const LINE = (r: number): string =>
  `<row r="${r}">${str(`A${r}`, "1")}${str(`B${r}`, "Acme")}${str(`C${r}`, "2026-01-15")}${str(`D${r}`, "Pen")}<c r="E${r}"><v>2</v></c><c r="F${r}"><v>100</v></c><c r="G${r}" t="b"><v>1</v></c></row>`;
const sheetOf = (rows: string, tail = ""): string => `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>${rows}</sheetData>${tail}</worksheet>`;

/** A part that inflates to `mb` megabytes of spaces inside a well-formed sheet: a zip bomb. */
function bombSheet(mb: number): Buffer {
  const head = Buffer.from(sheetOf("").replace("</sheetData></worksheet>", ""));
  return Buffer.concat([head, Buffer.alloc(mb * 1024 * 1024, " "), Buffer.from("</sheetData></worksheet>")]);
}

/** A hostile workbook and what a bounded reader must answer to `check` (and to `map`, when asked). */
export interface Hostile {
  file: () => Buffer;
  answer: RegExp;
  map?: RegExp;
  /** `post` answers the same as `check` (it reads before it connects). */
  post?: boolean;
  /** What `check --lang th` answers, when the file is refused: the refusal in Thai. */
  th?: RegExp;
  /** What `post` answers, when not what check does (in English, and in Thai). */
  postAnswer?: RegExp;
  postTh?: RegExp;
}

const MAPPED = /Every required field has a column/;

/** Each hostile workbook, by what it tries. */
export const HOSTILE: Record<string, Hostile> = {
  "cells A1 and XFD1048576": {
    file: () => workbook(sheetOf(`${HEADER}${LINE(2)}<row r="1048576"><c r="XFD1048576"><v>7</v></c></row>`)),
    // The buyer's address is not given: the s.86/4 warning is counted apart.
    answer: /^1 document, 0 findings(, \d+ warnings?)?$/m,
    map: MAPPED,
  },
  "one row numbered 99999999": {
    file: () => workbook(sheetOf(`${HEADER}<row r="99999999"><c r="A99999999"><v>1</v></c></row>`)),
    answer: /row numbered 99,999,999, beyond row 1,048,576/,
    map: /row numbered 99,999,999, beyond row 1,048,576/,
    th: /อ่าน .*ไม่ได้: ชีต "Sales" มีแถวเลขที่ 99,999,999 ซึ่งเลยแถว 1,048,576 แถวสุดท้ายของ Excel/,
  },
  "a cell beyond column XFD": {
    file: () => workbook(sheetOf(`${HEADER}<row r="2"><c r="XFE2"><v>1</v></c></row>`)),
    answer: /cell XFE2 lies beyond column XFD/,
    th: /เซลล์ XFE2 อยู่เลยคอลัมน์ XFD ซึ่งเป็นคอลัมน์สุดท้ายของ Excel/,
  },
  "a merge A3:XFD1048576": {
    file: () => workbook(sheetOf(`${HEADER}${LINE(2)}${LINE(3)}${LINE(4)}`, '<mergeCells count="1"><mergeCell ref="A3:XFD1048576"/></mergeCells>')),
    answer: /Sales!A3 Merged cells A3:XFD1048576/,
    map: MAPPED,
  },
  "40,000 unclosed <c>": {
    file: () => workbook(sheetOf(`${HEADER}<row r="2">${'<c r="A2"><v>1</v>'.repeat(40_000)}</row>`)),
    answer: /sheet "Sales" is not well-formed XML .*the file is damaged/,
    th: /อ่าน .*ไม่ได้: ชีต "Sales" ไม่ใช่ XML ที่ถูกต้อง \(xl\/worksheets\/sheet1\.xml, ที่ตัวอักษรที่ [\d,]+: element ซ้อนกันลึกเกิน 256 ชั้น\) ไฟล์เสียหาย/,
  },
  "40,000 unclosed <si>": {
    file: () => workbook(sheetOf(`${HEADER}<row r="2"><c r="A2" t="s"><v>0</v></c></row>`), { sharedStrings: `<sst ${NS}>${"<si>".repeat(40_000)}</sst>` }),
    answer: /the shared strings is not well-formed XML .*the file is damaged/,
    th: /ข้อความที่ใช้ร่วมกัน \(shared strings\) ไม่ใช่ XML ที่ถูกต้อง .*ไฟล์เสียหาย/,
  },
  "a sheet that ends inside a cell": {
    file: () => workbook(sheetOf(HEADER).slice(0, -40)),
    answer: /not well-formed XML .*ends/,
    th: /ไม่ใช่ XML ที่ถูกต้อง .*ส่วนนี้จบกลาง/,
  },
  "a DOCTYPE with entities (billion laughs)": {
    file: () => workbook(`<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="str"><v>&lol2;</v></c></row></sheetData></worksheet>`),
    answer: /DOCTYPE/,
    th: /ที่ตัวอักษรที่ \d+: มี DOCTYPE หรือการประกาศอื่น ซึ่งส่วนของไฟล์ \.xlsx ไม่มีทางมี\) ไฟล์เสียหาย/,
  },
  "a zip bomb that declares its size (80 MB sheet)": {
    file: () => workbook(bombSheet(80)),
    answer: /xl\/worksheets\/sheet1\.xml unpacks to 80 MB, over 50 MB/,
    th: /xl\/worksheets\/sheet1\.xml คลายออกมาได้ 80 MB เกิน 50 MB ซึ่งเป็นขนาดสูงสุด/,
  },
  "a zip bomb that lies about its size (80 MB sheet declared 1 KB)": {
    file: () => workbook(bombSheet(80), { sheetSize: 1024 }),
    answer: /xl\/worksheets\/sheet1\.xml unpacks to more than 50 MB/,
    map: /xl\/worksheets\/sheet1\.xml unpacks to more than 50 MB/,
    th: /xl\/worksheets\/sheet1\.xml คลายออกมาได้มากกว่า 50 MB/,
  },
  "a shared-strings bomb that lies about its size": {
    file: () => workbook(sheetOf(`${HEADER}<row r="2"><c r="A2" t="s"><v>0</v></c></row>`), {
      sharedStrings: Buffer.concat([Buffer.from(`<sst ${NS}><si><t>`), Buffer.alloc(80 * 1024 * 1024, "a"), Buffer.from("</t></si></sst>")]),
      stringsSize: 1024,
    }),
    answer: /xl\/sharedStrings\.xml unpacks to more than 50 MB/,
    th: /xl\/sharedStrings\.xml คลายออกมาได้มากกว่า 50 MB/,
  },
  "elements nested 100,000 deep": {
    file: () => workbook(sheetOf(`${HEADER}${"<x>".repeat(100_000)}`)),
    answer: /nest more than 256 deep/,
    th: /element ซ้อนกันลึกเกิน 256 ชั้น/,
  },
  "one 8 MB shared string used by 400,000 cells": {
    file: () => sharedStringUsedBy("x".repeat(8 * 1024 * 1024), 400_000),
    answer: /cell B2 holds 8,388,608 characters, more than 32,767, the most a cell of Excel holds/,
    map: /cell B2 holds 8,388,608 characters/,
    th: /ชีต "Sales" เซลล์ B2 มี 8,388,608 ตัวอักษร มากกว่า 32,767 ซึ่งเป็นจำนวนสูงสุดที่เซลล์ของ Excel เก็บได้/,
  },
  "one 32,000-character shared string used by 400,000 cells (12.8 billion characters)": {
    file: () => sharedStringUsedBy("x".repeat(32_000), 400_000),
    answer: /holds more than 100,000,000 characters of text, shared strings counted at every cell that uses them/,
    th: /ชีต "Sales" มีข้อความเกิน 100,000,000 ตัวอักษร/,
  },
  "a cell naming shared string 5 of 1": {
    file: () => workbook(sheetOf(`${HEADER}<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="s"><v>5</v></c></row>`), { sharedStrings: `<sst ${NS}><si><t>Acme</t></si></sst>` }),
    answer: /cell B2 names shared string 5, which the file does not have \(it has 1\): the file is damaged/,
    post: true, // post crashed: "Cannot read properties of undefined (reading 'richText')"
    th: /เซลล์ B2 อ้างถึงข้อความที่ใช้ร่วมกันลำดับที่ 5 ซึ่งไม่มีในไฟล์ \(มีเพียง 1\) ไฟล์เสียหาย/,
  },
  "999,000 one-cell rows": {
    file: () => oneCellRows(999_000, false),
    answer: /sheet "Sales" holds values in more than 100,000 rows, the most DocSheet reads of one sheet as a table/,
    post: true, // post ran 8 min 50 s to "JavaScript heap out of memory", check to 2.6 GB
    th: /ชีต "Sales" มีข้อมูลเกิน 100,000 แถว/,
  },
  "rows and cells without their addresses": {
    // The format allows leaving r out; check reads them in order. post stopped at its first save
    // on exceljs's "Invalid row number in model", after sending: now refused before anything is.
    file: () => workbook(sheetOf(`${HEADER}${LINE(2).replace(/ r="[A-G]?2"/g, "")}`)),
    answer: /^1 document, 0 findings(, \d+ warnings?)?$/m,
    postAnswer: /sheet "Sales" has rows or cells without their addresses, which DocSheet cannot write results into: open the file in Excel and save it again/,
    postTh: /ชีต "Sales" มีแถวหรือเซลล์ที่ไม่ระบุตำแหน่งของตัวเอง ซึ่ง DocSheet เขียนผลลงไปไม่ได้/,
  },
  "merged areas that overlap": {
    file: () => workbook(sheetOf(`${HEADER}${LINE(2)}${LINE(3)}${LINE(4)}`, '<mergeCells count="2"><mergeCell ref="A2:B3"/><mergeCell ref="B3:C4"/></mergeCells>')),
    answer: /sheet "Sales" has merged areas that overlap \(A2:B3 and B3:C4\): the file is damaged/,
    th: /ชีต "Sales" มีพื้นที่ผสานเซลล์ที่ทับกัน \(A2:B3 และ B3:C4\) ไฟล์เสียหาย/,
  },
};

/** A sheet whose column B names one shared string, `text`, in each of `cells` rows. */
function sharedStringUsedBy(text: string, cells: number): Buffer {
  const rows: string[] = [HEADER];
  for (let r = 2; r < cells + 2; r++) rows.push(`<row r="${r}"><c r="B${r}" t="s"><v>0</v></c></row>`);
  return workbook(sheetOf(rows.join("")), { sharedStrings: `<sst ${NS}><si><t>${text}</t></si></sst>`, level: 1 });
}

/** A genuine sheet of `lines` line rows (5 to a document, 11 columns, text in shared strings as
 * Excel writes it): 1,000,000 of them is the year a hostile tester checked in 22 s and 2.2 GB. */
export function lineRows(lines: number): Buffer {
  const strings = ["documentKey", "contactName", "publishedOn", "isVat", "isVatInclusive", "reference", "item.name", "item.quantity", "item.unitName", "item.pricePerUnit", "grandTotal", "pcs", "2026-04-01"];
  const head = `<row r="1">${strings.slice(0, 11).map((_, c) => `<c r="${String.fromCharCode(65 + c)}1" t="s"><v>${c}</v></c>`).join("")}</row>`;
  const chunks: Buffer[] = [Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>${head}`)];
  let batch = "";
  for (let i = 0; i < lines; i++) {
    const r = i + 2;
    const doc = Math.floor(i / 5);
    const l = (i % 5) + 1;
    const first = l === 1;
    batch += `<row r="${r}"><c r="A${r}"><v>${doc}</v></c>${first ? `<c r="B${r}" t="inlineStr"><is><t>Customer ${doc}</t></is></c><c r="C${r}" t="s"><v>12</v></c><c r="D${r}" t="b"><v>1</v></c><c r="E${r}" t="b"><v>0</v></c>` : ""}`
      + `<c r="G${r}" t="inlineStr"><is><t>Item ${l}</t></is></c><c r="H${r}"><v>${l}</v></c><c r="I${r}" t="s"><v>11</v></c><c r="J${r}"><v>100</v></c>${first ? `<c r="K${r}"><v>1605</v></c>` : ""}</row>`;
    if (batch.length > 1 << 20) {
      chunks.push(Buffer.from(batch));
      batch = "";
    }
  }
  chunks.push(Buffer.from(`${batch}</sheetData></worksheet>`));
  const sst = `<sst ${NS}>${strings.map((t) => `<si><t>${t}</t></si>`).join("")}</sst>`;
  return workbook(Buffer.concat(chunks), { sharedStrings: sst, level: 1 });
}

/** A sheet of the tax invoices' header and `rows` rows of one cell each (a document key of its own):
 * 999,000 of them is the 4.9 MB file a hostile tester checked in 33 s and 2.6 GB and posted out of
 * memory (issue 36). `numbered: false` leaves the rows' numbers out, as the format allows, which keeps
 * 999,000 rows under the 50 MB a part may unpack to (exceljs, which post writes with, needs them). */
export function oneCellRows(rows: number, numbered = true): Buffer {
  const chunks: Buffer[] = [Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>${HEADER}`)];
  let batch = "";
  for (let r = 2; r < rows + 2; r++) {
    batch += `<row${numbered ? ` r="${r}"` : ""}><c r="A${r}"><v>${r}</v></c></row>`;
    if (batch.length > 1 << 20) {
      chunks.push(Buffer.from(batch));
      batch = "";
    }
  }
  chunks.push(Buffer.from(`${batch}</sheetData></worksheet>`));
  return workbook(Buffer.concat(chunks), { level: 6 });
}
