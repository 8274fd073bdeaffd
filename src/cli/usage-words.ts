// What the command says when it cannot run as asked (a usage error, exit 2), in English and Thai by
// key: a UsageError carries its key and values and is rendered in the run's language where main.ts
// prints it. Option names, family words, file names and what was typed stay as they are. Kept
// light, like args.ts: `docsheet --help` loads it. Pure.
import { isLang, type Lang } from "../sheet/i18n/lang";

export const USAGE_WORDS = {
  unknownCommand: { en: 'unknown command "{command}"', th: 'ไม่รู้จักคำสั่ง "{command}"' },
  unknownCommandMeant: { en: 'unknown command "{command}"; did you mean {meant}?', th: 'ไม่รู้จักคำสั่ง "{command}" หมายถึง {meant} หรือไม่' },
  unknownOption: { en: "unknown option {option}", th: "ไม่รู้จักตัวเลือก {option}" },
  optionNeedsValue: { en: "{option} needs a value", th: "ตัวเลือก {option} ต้องมีค่าตามหลัง" },
  optionTakesNoValue: { en: "{option} takes no value", th: "ตัวเลือก {option} ไม่รับค่า" },
  /** What Node's parser said, when it is none of the above. */
  badArguments: { en: "{detail}", th: "อ่านคำสั่งไม่ได้: {detail}" },
  noPositional: { en: "{command} takes no file or family argument", th: "{command} ไม่รับชื่อไฟล์หรือประเภทเอกสาร" },
  needsPositional: { en: "{command} needs a {what} argument", th: "{command} ต้องระบุ {what}" },
  required: { en: "--{name} is required", th: "ต้องระบุ --{name}" },
  notFamily: { en: '"{given}" is not a family; use one of {families}', th: '"{given}" ไม่ใช่ประเภทเอกสาร ใช้ได้: {families}' },
  familyMeant: { en: '"{given}" is not the word FAMILY takes: write {family}', th: '"{given}" ไม่ใช่คำที่ใช้ระบุประเภท ให้เขียนว่า {family}' },
  twoFamilies: { en: "two families given: {given} and --family {named}", th: "ระบุประเภทเอกสารสองแบบ: {given} และ --family {named}" },
  // Which language the run asked for is not known: said in both.
  lang: { en: "--lang must be en or th (--lang ต้องเป็น en หรือ th)", th: "--lang ต้องเป็น en หรือ th (--lang must be en or th)" },
  wholeNumber: { en: "--{name} must be a whole number", th: "--{name} ต้องเป็นจำนวนเต็ม" },
  month: { en: "--month must be a month YYYY-MM or MM/YYYY, such as 2026-03 or 03/2569", th: "--month ต้องเป็นเดือนแบบ YYYY-MM หรือ MM/YYYY เช่น 2026-03 หรือ 03/2569" },
  date: { en: "--{name} must be a date YYYY-MM-DD or DD/MM/YYYY, such as 2026-03-31 or 31/03/2569", th: "--{name} ต้องเป็นวันที่แบบ YYYY-MM-DD หรือ DD/MM/YYYY เช่น 2026-03-31 หรือ 31/03/2569" },
  sortColumn: { en: "--sort {item}: the column must be one of {columns}", th: "--sort {item}: คอลัมน์ต้องเป็นหนึ่งใน {columns}" },
  sortDirection: { en: '--sort {item}: the direction after ":" must be asc or desc', th: '--sort {item}: ทิศทางหลัง ":" ต้องเป็น asc หรือ desc' },
  filterForm: { en: "--filter {item}: write COLUMN=TEXT with COLUMN one of {columns}", th: "--filter {item}: เขียนเป็น COLUMN=TEXT โดย COLUMN เป็นหนึ่งใน {columns}" },
  filterEmpty: { en: '--filter {item}: the text after "=" is empty', th: '--filter {item}: ไม่มีข้อความหลัง "="' },
  baseUrl: { en: '--base-url "{url}" is not an http(s) URL such as http://127.0.0.1:8787/test', th: '--base-url "{url}" ไม่ใช่ URL แบบ http(s) เช่น http://127.0.0.1:8787/test' },
  clientSecret: { en: "--client-secret (or DOCSHEET_CLIENT_SECRET) is required", th: "ต้องระบุ --client-secret (หรือตั้งค่า DOCSHEET_CLIENT_SECRET)" },
  rowsList: { en: '--rows "{text}" is not a list such as 2,5-9', th: '--rows "{text}" ไม่ใช่รายการเลขแถว เช่น 2,5-9' },
  rowsRange: { en: '--rows "{part}" is not a range of row numbers', th: '--rows "{part}" ไม่ใช่ช่วงเลขแถว (เช่น 5-9)' },
  culture: { en: "--culture must be th or en", th: "--culture ต้องเป็น th หรือ en" },
  amount: { en: "--{name} must be an amount of at least 0 with at most 2 decimals", th: "--{name} ต้องเป็นจำนวนเงินตั้งแต่ 0 ขึ้นไป ทศนิยมไม่เกิน 2 ตำแหน่ง" },
  signedAmount: { en: "--{name} must be an amount with at most 2 decimals", th: "--{name} ต้องเป็นจำนวนเงิน ทศนิยมไม่เกิน 2 ตำแหน่ง" },
  rate: { en: "--{name} must be a rate", th: "--{name} ต้องเป็นอัตราร้อยละ" },
  withholdingRate: { en: "--{name} must be one of {rates}, or -1 with --withheld-amount", th: "--{name} ต้องเป็นหนึ่งใน {rates} หรือ -1 พร้อม --withheld-amount" },
  // {label}: the family's English label; the families a user may type stay as typed.
  upgradeNone: { en: "--to: {label} documents cannot be upgraded", th: "--to: {family} แปลงเป็นเอกสารอื่นไม่ได้" },
  upgradeTo: { en: '--to: a {label} cannot be upgraded to "{to}"; choose {allowed}', th: '--to: {family} แปลงเป็น "{to}" ไม่ได้ เลือก {allowed}' },
  fileUnreadable: { en: "--file: cannot read {file}: {code}", th: "--file: อ่าน {file} ไม่ได้: {code}" },
  action: { en: "--action must be status, delete, payment, upgrade, pdf, email, share or attach", th: "--action ต้องเป็น status, delete, payment, upgrade, pdf, email, share หรือ attach" },
  datesTogether: { en: "--start-date and --end-date go together", th: "ต้องระบุ --start-date และ --end-date คู่กัน" },
  range: { en: "--range must be one of {values}", th: "--range ต้องเป็นหนึ่งใน {values}" },
  range5: { en: "--range 5 needs --start-date and --end-date", th: "--range 5 ต้องระบุ --start-date และ --end-date" },
  noFile: { en: "no such file: {path}", th: "ไม่พบไฟล์: {path}" },
  notXlsx: { en: "cannot read {path} as an .xlsx workbook: {detail}", th: "อ่าน {path} เป็นเวิร์กบุ๊ก .xlsx ไม่ได้: {detail}" },
  noSheet: { en: 'no sheet named "{sheet}"; the workbook has {sheets}', th: 'ไม่มีชีตชื่อ "{sheet}" ชีตในเวิร์กบุ๊กนี้: {sheets}' },
  folderMissing: { en: "cannot write {path}: there is no folder {dir}", th: "เขียน {path} ไม่ได้: ไม่มีโฟลเดอร์ {dir}" },
  writeFailed: { en: "cannot write {path}: {reason}", th: "เขียน {path} ไม่ได้: {reason}" },
  notWritable: { en: "cannot write {path}: not allowed ({code})", th: "เขียน {path} ไม่ได้: ไม่มีสิทธิ์เขียน ({code})" },
  outInPlace: { en: "--out and --in-place do not go together", th: "ใช้ --out กับ --in-place พร้อมกันไม่ได้" },
  mappingFile: { en: "--mapping needs a MAPPING.json file", th: "--mapping ต้องระบุไฟล์ MAPPING.json" },
  mappingUnreadable: { en: "cannot read --mapping {path}: {code}", th: "อ่านไฟล์ --mapping {path} ไม่ได้: {code}" },
  mappingNotJson: { en: "--mapping {path} is not JSON: {detail}", th: "ไฟล์ --mapping {path} ไม่ใช่ JSON: {detail}" },
  mappingProblems: { en: "--mapping {path}: {problems}", th: "ไฟล์ --mapping {path} ใช้ไม่ได้: {problems}" },
  mappingTooLarge: {
    en: "--mapping {path} is larger than {mb} MB, the most a mapping file may be: a sheet's headers take a few kB",
    th: "ไฟล์ --mapping {path} ใหญ่กว่า {mb} MB ซึ่งเป็นขนาดสูงสุดของไฟล์ mapping (หัวคอลัมน์ของชีตใช้เพียงไม่กี่ kB)",
  },
  whtNotYet: {
    en: "{command} does not take {family} yet; template, map, check, post, pull, act (status, delete, pdf) and undo do",
    th: "{command} ยังใช้กับ {family} ไม่ได้ คำสั่งที่ใช้ได้: template, map, check, post, pull, act (status, delete, pdf) และ undo",
  },
  whtAction: { en: "--action must be status, delete or pdf for {family}", th: "--action ของ {family} ต้องเป็น status, delete หรือ pdf" },
  notBookFamily: { en: '"{family}" is not a book family', th: '"{family}" ไม่ใช่ journal-entries, contacts หรือ products' },
  bookNotYet: {
    en: "{command} does not take {family} yet; template, map, check, post, pull, update and undo do",
    th: "{command} ยังใช้กับ {family} ไม่ได้ คำสั่งที่ใช้ได้: template, map, check, post, pull, update และ undo",
  },
  notReport: { en: '"{kind}" is not a report; the reports are vat and wht', th: '"{kind}" ไม่ใช่รายงาน รายงานที่มี: vat และ wht' },
  missingWht: { en: "--missing goes with report wht", th: "--missing ใช้กับ report wht เท่านั้น" },
  rdLayoutWht: { en: "--rd-layout goes with report wht", th: "--rd-layout ใช้กับ report wht เท่านั้น" },
  rdLayoutForm: {
    en: '{file} line {line}: "{text}" is not a form; a line starts with PND1, PND2, PND3 or PND53 and a colon',
    th: '{file} บรรทัดที่ {line}: "{text}" ไม่ใช่แบบ แต่ละบรรทัดขึ้นต้นด้วย PND1, PND2, PND3 หรือ PND53 ตามด้วย :',
  },
  rdLayoutField: {
    en: "{file} line {line}: {text} is not a field of the RD Prep files; the fields are {fields}",
    th: "{file} บรรทัดที่ {line}: {text} ไม่ใช่ช่องข้อมูลของไฟล์ RD Prep ช่องที่ใช้ได้: {fields}",
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type UsageKey = keyof typeof USAGE_WORDS;
/** A value put in, as typed; or what a value says in each language (a reader's refusal). */
export type UsageParam = string | number | Readonly<Record<Lang, string>>;

/** The lines after the error: where the command's usage is and how to ask for its help. */
export const USAGE_HINT: Record<Lang, { usage: string; help: (command: string) => string }> = {
  en: { usage: "Usage:", help: (c) => `docsheet ${c} --help tells what each option does.` },
  th: { usage: "วิธีใช้:", help: (c) => `docsheet ${c} --help บอกว่าแต่ละตัวเลือกใช้ทำอะไร` },
};

/** `key`'s words in `lang`, values put in. */
export function usageText(key: UsageKey, params: Readonly<Record<string, UsageParam>>, lang: Lang): string {
  return USAGE_WORDS[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) return whole;
    const value = params[name];
    return typeof value === "object" ? value[lang] : String(value);
  });
}

/** The run's --lang as typed on the command line (`--lang th`, `--lang=th`), before or without
 * parsing: a usage error found while parsing speaks it too. English when none or not a language. */
export function langOfArgv(argv: readonly string[]): Lang {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--") break;
    const v = argv[i] === "--lang" ? argv[i + 1] : argv[i].startsWith("--lang=") ? argv[i].slice("--lang=".length) : undefined;
    if (isLang(v)) return v;
  }
  return "en";
}
