// A payee's name and address as the Revenue Department's forms take them: the title (นาย, นางสาว,
// ดร., ว่าที่ร้อยตรี, a rank...) apart from the first and last name, and the address as street,
// street 2 (the แขวง/ตำบล's name), district (the เขต/อำเภอ's), province and postal code. Only what is recognised
// is moved: a Thai province's name, a 5-digit code at the end, the words แขวง/ตำบล and เขต/อำเภอ;
// the rest stays in the street, word for word. Pure.

/** Titles and ranks, the longer of two that start alike first (นางสาว before นาง). */
const TITLES: readonly string[] = [
  // Ranks with ว่าที่ (acting) first: they start like the others.
  "ว่าที่ร้อยตรีหญิง", "ว่าที่ร้อยตรี", "ว่าที่ร้อยโท", "ว่าที่ร้อยเอก", "ว่าที่ ร.ต.", "ว่าที่ร.ต.", "ว่าที่ ร.ท.", "ว่าที่ร.ท.", "ว่าที่ ร.อ.", "ว่าที่ร.อ.",
  "พลเอก", "พลโท", "พลตรี", "พันเอก", "พันโท", "พันตรี", "ร้อยเอก", "ร้อยโท", "ร้อยตรี", "จ่าสิบเอก", "จ่าสิบโท", "จ่าสิบตรี",
  "สิบเอก", "สิบโท", "สิบตรี", "พลตำรวจเอก", "พลตำรวจโท", "พลตำรวจตรี", "พันตำรวจเอก", "พันตำรวจโท", "พันตำรวจตรี",
  "ร้อยตำรวจเอก", "ร้อยตำรวจโท", "ร้อยตำรวจตรี", "ดาบตำรวจ", "จ่าสิบตำรวจ", "สิบตำรวจเอก", "สิบตำรวจโท", "สิบตำรวจตรี",
  "พล.ต.อ.", "พล.ต.ท.", "พล.ต.ต.", "พ.ต.อ.", "พ.ต.ท.", "พ.ต.ต.", "ร.ต.อ.", "ร.ต.ท.", "ร.ต.ต.", "ด.ต.", "จ.ส.ต.", "ส.ต.อ.", "ส.ต.ท.", "ส.ต.ต.",
  "พล.อ.", "พล.ท.", "พล.ต.", "พ.อ.", "พ.ท.", "พ.ต.", "ร.อ.", "ร.ท.", "ร.ต.", "จ.ส.อ.", "จ.ส.ท.", "ส.อ.", "ส.ท.", "ส.ต.",
  "นายแพทย์", "แพทย์หญิง", "ทันตแพทย์หญิง", "ทันตแพทย์", "เภสัชกรหญิง", "เภสัชกร", "ศาสตราจารย์", "รองศาสตราจารย์", "ผู้ช่วยศาสตราจารย์",
  "ทพญ.", "ทพ.", "นพ.", "พญ.", "ภญ.", "ภก.", "ผศ.ดร.", "รศ.ดร.", "ศ.ดร.", "ผศ.", "รศ.", "ศ.", "ดร.",
  "หม่อมราชวงศ์", "หม่อมหลวง", "ม.ร.ว.", "ม.ล.", "คุณหญิง",
  "นางสาว", "น.ส.", "นาง", "นาย", "เด็กชาย", "เด็กหญิง", "ด.ช.", "ด.ญ.",
  "Mrs.", "Mrs", "Miss", "Ms.", "Ms", "Mr.", "Mr", "Dr.", "Dr",
];

/** The titles, longest first: the first that starts a name is its title. */
const LONGEST_FIRST = [...TITLES].sort((a, b) => b.length - a.length).map((t) => ({ t, lower: t.toLowerCase() }));

/** Titles written without a space before the name (นายสมชาย, ดร.สมศักดิ์): every Thai one, and any ending in a dot. */
const glued = (t: string): boolean => /[\u0E00-\u0E7F.]$/.test(t);

/** An individual's name as title, first name and last name: the title when the name starts with
 * one, the first word after it the first name, every other word the last name (empty when none). */
export function splitName(name: string): [title: string, first: string, last: string] {
  let rest = name.normalize("NFC").trim().replace(/\s+/g, " ");
  let title = "";
  const lower = rest.toLowerCase();
  for (const { t, lower: tl } of LONGEST_FIRST) {
    if (!lower.startsWith(tl)) continue;
    const after = rest.slice(t.length);
    // A Latin title is a word of its own ("Mr Somchai", not "Mrinal"); a Thai one may be glued on.
    if (after !== "" && !after.startsWith(" ") && !glued(t)) continue;
    if (after.trim() === "") continue;
    title = t;
    rest = after.trim();
    break;
  }
  const space = rest.indexOf(" ");
  return space < 0 ? [title, rest, ""] : [title, rest.slice(0, space), rest.slice(space + 1)];
}

export const PROVINCES: readonly string[] = [
  "กรุงเทพมหานคร", "กระบี่", "กาญจนบุรี", "กาฬสินธุ์", "กำแพงเพชร", "ขอนแก่น", "จันทบุรี", "ฉะเชิงเทรา", "ชลบุรี", "ชัยนาท", "ชัยภูมิ",
  "ชุมพร", "เชียงราย", "เชียงใหม่", "ตรัง", "ตราด", "ตาก", "นครนายก", "นครปฐม", "นครพนม", "นครราชสีมา", "นครศรีธรรมราช", "นครสวรรค์",
  "นนทบุรี", "นราธิวาส", "น่าน", "บึงกาฬ", "บุรีรัมย์", "ปทุมธานี", "ประจวบคีรีขันธ์", "ปราจีนบุรี", "ปัตตานี", "พระนครศรีอยุธยา", "พะเยา",
  "พังงา", "พัทลุง", "พิจิตร", "พิษณุโลก", "เพชรบุรี", "เพชรบูรณ์", "แพร่", "ภูเก็ต", "มหาสารคาม", "มุกดาหาร", "แม่ฮ่องสอน", "ยโสธร", "ยะลา",
  "ร้อยเอ็ด", "ระนอง", "ระยอง", "ราชบุรี", "ลพบุรี", "ลำปาง", "ลำพูน", "เลย", "ศรีสะเกษ", "สกลนคร", "สงขลา", "สตูล", "สมุทรปราการ",
  "สมุทรสงคราม", "สมุทรสาคร", "สระแก้ว", "สระบุรี", "สิงห์บุรี", "สุโขทัย", "สุพรรณบุรี", "สุราษฎร์ธานี", "สุรินทร์", "หนองคาย", "หนองบัวลำภู",
  "อ่างทอง", "อำนาจเจริญ", "อุดรธานี", "อุตรดิตถ์", "อุทัยธานี", "อุบลราชธานี",
];

/** Other ways Bangkok is written. */
const BANGKOK = ["กรุงเทพฯ", "กรุงเทพ", "กทม.", "กทม", "Bangkok"];

/** Each province's name (and Bangkok's others), longest first, as the end of an address: made
 * once, not for every address of a report. */
const PROVINCE_ENDINGS = [...PROVINCES, ...BANGKOK].sort((a, b) => b.length - a.length)
  .map((p) => ({ p, re: new RegExp(`(?:^|[\\s,])(?:จังหวัด|จ\\.)?\\s*${p.replace(/\./g, "\\.")}(?=[\\s,]*$)`) }));

export interface ThaiAddress {
  street: string;
  street2: string;
  district: string;
  province: string;
  postalCode: string;
}

const tidy = (s: string): string => s.replace(/\s+/g, " ").replace(/^[\s,]+|[\s,]+$/g, "");

/** Takes the first match of `re` out of `text`: [what it captured, the text without it]. */
function take(text: string, re: RegExp): [string, string] {
  const m = re.exec(text);
  return m ? [tidy(m[1] ?? m[0]), `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}`] : ["", text];
}

/** An address split as the forms take it; what is not recognised stays in the street. */
export function splitAddress(address: string): ThaiAddress {
  let rest = ` ${address.normalize("NFC").replace(/[\r\n]+/g, " ")} `;
  let postalCode: string;
  [postalCode, rest] = take(rest, /[\s,]([1-9]\d{4})[\s,]*$/);
  let province = "";
  for (const { p, re } of PROVINCE_ENDINGS) {
    const at = re.exec(rest);
    if (at) {
      province = BANGKOK.includes(p) ? (p === "Bangkok" ? p : "กรุงเทพมหานคร") : p;
      rest = rest.slice(0, at.index);
      break;
    }
  }
  let district: string;
  let street2: string;
  [district, rest] = take(rest, /(?:^|[\s,])(?:เขต|อำเภอ|อ\.)\s*([^\s,]+)/);
  [street2, rest] = take(rest, /(?:^|[\s,])(?:แขวง|ตำบล|ต\.)\s*([^\s,]+)/);
  return { street: tidy(rest), street2, district, province, postalCode };
}
