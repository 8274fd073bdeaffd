// Every message in Thai, keyed like its English table (MESSAGES, SHEET_MESSAGES, RESULT_MESSAGES)
// with the same {placeholders}; translate.ts fills them with values put into Thai too (field
// labels, family names, status words). A unit test checks that every key has its Thai text. Pure.
import { ATTACHMENT_EXTENSIONS, PAYMENT_METHOD_CODES, WITHHOLDING_RATES } from "../../rules/codes";
import { JSON_DEPTH_MAX } from "../../rules/limits";
import type { MessageKey } from "../../rules/messages";
import type { SheetMessageKey } from "../messages";
import type { ResultMessageKey } from "./results";

const RATES = WITHHOLDING_RATES.join(", ");
const TYPES = ATTACHMENT_EXTENSIONS.map((e) => "." + e).join(", ");

export const RULES_TH: Record<MessageKey, string> = {
  // --- spec (shown with the spec's text after them) ---
  pageSizeMax: "ขนาดหน้าต้องไม่เกิน 200",
  validationFailed: "ข้อมูลไม่ผ่านการตรวจสอบอย่างน้อยหนึ่งรายการ",
  attachmentExtensionMismatch: "นามสกุลไฟล์ไม่ตรงกับชนิดของเนื้อหาไฟล์",
  contactIdNegative: "รหัสผู้ติดต่อต้องไม่ต่ำกว่า 0",
  contactIdNotFound: "ไม่พบผู้ติดต่อตามรหัสผู้ติดต่อนี้",
  contactMismatch: "รหัสผู้ติดต่อ ชื่อ และรหัสลูกค้าไม่ใช่ของผู้ติดต่อรายเดียวกัน",
  contactOtherCompany: "รหัสผู้ติดต่อนี้เป็นของบริษัทอื่น",
  contactInvalid: "ข้อมูลผู้ติดต่อไม่ถูกต้อง",
  totalAfterDiscountLessThanVat: "ยอดหลังหักส่วนลดต้องไม่น้อยกว่าภาษีมูลค่าเพิ่ม",
  vatCombination: "การมีภาษีมูลค่าเพิ่ม ราคารวมภาษี และยอดภาษีไม่สอดคล้องกัน",
  paymentChequeBankAccountId: "การชำระด้วยเช็คต้องระบุธนาคารของเช็ค",
  paymentChequeDate: "การชำระด้วยเช็คต้องระบุวันที่เช็ค",
  paymentChequeBankAccountIdBuy: "การชำระด้วยเช็คต้องระบุบัญชีธนาคาร",
  paymentChequeBankChequeId: "การชำระด้วยเช็คต้องระบุรหัสเช็ค",
  paymentTransferBankAccountId: "การโอนเงินต้องระบุบัญชีธนาคาร",
  paymentCreditCardBankAccountId: "การชำระด้วยบัตรเครดิตต้องระบุบัญชีบัตรเครดิต",
  paymentCreditCardId: "การชำระด้วยบัตรเครดิตต้องระบุรหัสบัตรเครดิต",
  paymentPettyCashId: "การชำระด้วยเงินสดย่อยต้องระบุรหัสเงินสดย่อย",
  paymentOtherChannelId: "การชำระผ่านช่องทางอื่นต้องระบุรหัสช่องทางอื่น",
  itemDescription: "ต้องระบุคำอธิบายรายการ",
  itemCreditId: "ต้องระบุบัญชีเครดิตของรายการ",
  itemDebitId: "ต้องระบุบัญชีเดบิตของรายการ",
  itemSystemCode: "ต้องระบุรหัสระบบของรายการ",
  itemCategoryId: "ต้องระบุหมวดค่าใช้จ่ายของรายการ",
  receiptObsoleted: "สร้างใบเสร็จรับเงินโดยตรงไม่ได้แล้ว ให้แปลงจากเอกสารต้นทางแทน",

  // --- ours: contacts and structure ---
  contactRequired: "ต้องระบุชื่อลูกค้า (หรือรหัสผู้ติดต่อ)",
  updateSimpleRequired: "ประเภทโครงสร้างเอกสารต้องเป็น UpdateSimpleDocument เมื่อแก้ไขเอกสารแบบธรรมดา",
  structureMismatch: "ประเภทโครงสร้างเอกสาร {given} ไม่ตรงกับเอกสารแบบ {structure}",
  bodyNotObject: "เนื้อหาคำขอต้องเป็นออบเจกต์ JSON",
  itemsRequired: "เอกสารต้องมีรายการอย่างน้อยหนึ่งรายการ",
  itemQuantityRequired: "ต้องระบุจำนวนของรายการ",
  itemPricePerUnitRequired: "ต้องระบุราคาต่อหน่วยของรายการ",
  unitNameTooLong: "หน่วยต้องยาวไม่เกิน 7 ตัวอักษร",
  upgradeReferenceRequired: "การแปลงเอกสารต้องระบุเอกสารต้นทาง",
  upgradeReferenceType: "เอกสารต้นทางประเภท {given} แปลงเป็น{family}ไม่ได้ ประเภทที่ใช้ได้: {allowed}",
  paymentMethodUnknown: `วิธีชำระเงินต้องเป็นหนึ่งใน ${PAYMENT_METHOD_CODES.join(", ")}`,
  paymentMethodNotForSide: "ใช้วิธีชำระเงิน {method} กับเอกสาร{side}ไม่ได้",
  collectedPositive: "ยอดรับชำระต้องไม่น้อยกว่า 0.01",
  computedOutOfRange: "{field} คำนวณได้ {value} จำนวนเงินต้องมากกว่า -{max} และน้อยกว่า {max}",

  // --- ours: withholding tax ---
  withholdingRate: `อัตราหัก ณ ที่จ่ายต้องเป็นหนึ่งใน ${RATES}`,
  withholdingNeedsShow: "ต้องตั้ง แสดงหัก ณ ที่จ่าย เป็น TRUE จึงจะระบุหัก ณ ที่จ่ายได้",
  withholdingRateMissing: "อัตราหัก ณ ที่จ่ายต้องมากกว่า 0 เมื่อ แสดงหัก ณ ที่จ่าย เป็น TRUE",
  itemWithholdingRate: `หัก ณ ที่จ่ายต่อรายการ % ต้องเป็นหนึ่งใน ${RATES} หรือเว้นว่างถ้าไม่มี`,
  itemWithholdingValueRange: "ยอดหัก ณ ที่จ่ายต่อรายการต้องอยู่ระหว่าง 0 ถึงยอดรวมของรายการ ({total})",
  useInlineVatRequired: "หัก ณ ที่จ่ายรายบรรทัดของค่าใช้จ่ายต้องใช้ภาษีรายบรรทัด (useInlineVat เป็น TRUE)",
  withheldPercentage: `อัตราภาษีที่ถูกหักต้องเป็นหนึ่งใน ${RATES} หรือ -1 เมื่อระบุเป็นจำนวนเงิน`,

  // --- ours: partial receipts ---
  partialBatch: "ใบเสร็จรับเงินบางส่วนต้องเป็นเอกสารแบบชุด (isBatchDocument เป็น TRUE)",
  partialMethod: "วิธีชำระบางส่วนของใบเสร็จรับเงินบางส่วนต้องเป็น 11",
  partialCreditType: "ประเภทเครดิตของใบเสร็จรับเงินบางส่วนต้องเป็น 3",
  partialGrandTotal: "ยอดรวมทั้งสิ้นเป็น {given} แต่ยอดชำระบางส่วนรวมกันได้ {expected}",
  partialUpdateGrandTotal: "ยอดรวมทั้งสิ้นเป็น {given} แต่ยอดชำระบางส่วนเป็น {expected}",
  partialDocumentId: "รหัสใบกำกับภาษีที่ชำระของแต่ละรายการต้องเป็นรหัสของใบกำกับภาษี (มากกว่า 0)",
  partialDocumentType: "ประเภทเอกสารที่ชำระของแต่ละรายการต้องเป็น 7 (ใบกำกับภาษี)",
  partialAmountPositive: "ยอดชำระบางส่วนของแต่ละรายการต้องมากกว่า 0",
  partialAmountRoundsToZero: "ยอดชำระบางส่วน {given} ปัดเศษแล้วเป็น 0.00 ต้องไม่น้อยกว่า 0.01",
  partialUpdateContactId: "ต้องระบุรหัสผู้ติดต่อเพื่อแก้ไขใบเสร็จรับเงินบางส่วน",
  partialUpdateReference: "การแก้ไขใบเสร็จรับเงินบางส่วนต้องไม่ระบุเอกสารต้นทาง",

  // --- ours: checked against the store ---
  upgradeSourceNotFound: "รหัสเอกสารต้นทาง {recordId} ไม่ใช่เอกสารของบริษัทนี้",
  upgradeSourceMismatch: "รหัสเอกสารต้นทาง {recordId} คือ {type} {serial} ไม่ใช่ {givenType} {givenSerial}",
  upgradeSourceState: "{serial} มีสถานะ {status} จึงแปลงเอกสารไม่ได้",
  paymentChannelNotConfigured: "วิธีชำระเงิน {method}: ยังไม่ได้ตั้งค่า{field}สำหรับบริษัทนี้",
  paymentDocumentVoid: "{serial} ถูกยกเลิกแล้ว จึงชำระเงินไม่ได้",
  paymentAlreadyPaid: "{serial} ชำระเงินแล้ว",
  paymentHasPartialReceipts: "{serial} กำลังชำระด้วยใบเสร็จรับเงินบางส่วน ให้ชำระที่ใบเสร็จรับเงินบางส่วนแทน",
  partialInvoiceNotFound: "รหัส {documentId} ไม่ใช่ใบกำกับภาษีของบริษัทนี้",
  partialInvoiceState: "ใบกำกับภาษี {serial} มีสถานะ {status} จึงรับชำระบางส่วนไม่ได้",
  partialAmountAboveRemaining: "ยอดชำระบางส่วน {given} เกินยอดคงเหลือ {remaining} ของใบกำกับภาษี {serial}",
  partialContactMismatch: "รหัสผู้ติดต่อ {given} ไม่ตรงกับผู้ติดต่อของใบกำกับภาษี {serial}",
  partialOneContact: "ใบกำกับภาษีทุกใบในใบเสร็จรับเงินบางส่วนต้องเป็นของผู้ติดต่อรายเดียวกัน",
  partialOnlyAwaiting: "แก้ไขได้เฉพาะใบเสร็จรับเงินบางส่วนที่รอดำเนินการ",
  partialInvoiceLocked: "{serial} มีใบเสร็จรับเงินบางส่วนแล้ว จึงแก้ไข ลบ หรือยกเลิกไม่ได้",

  // --- ours: attachments ---
  attachmentType: `ไม่อนุญาตไฟล์ชนิดของ {fileName} ชนิดที่ใช้ได้: ${TYPES}`,
  attachmentFileTypeMismatch: "ชนิดไฟล์ {fileType} ไม่ตรงกับนามสกุลของชื่อไฟล์",
  attachmentEmpty: "เนื้อหาไฟล์ว่างหรือไม่ใช่ Base64 ที่ถูกต้อง",
  attachmentTooLarge: "ไฟล์แนบรวมกันต้องไม่เกิน 10 MB ต่อการอัปโหลดหนึ่งครั้ง",
  attachmentTooMany: "แนบได้ไม่เกิน 10 ไฟล์ต่อการอัปโหลดหนึ่งครั้ง",
  attachmentFileNameRequired: "ต้องระบุชื่อไฟล์ และชื่อต้องลงท้ายด้วยนามสกุลของไฟล์",

  // --- ours: arithmetic ---
  arithmeticDocument: "{field} เป็น {given} แต่คำนวณจากรายการได้ {expected}",
  arithmeticLineTotal: "จำนวนเงินเป็น {given} แต่ {formula} ได้ {expected}",
  arithmeticVat: "ภาษีมูลค่าเพิ่มเป็น {given} แต่ภาษี {rate} ของ {base} ได้ {expected}",
  arithmeticWithholding: "ยอดหัก ณ ที่จ่ายเป็น {given} แต่ {rate}% ของ {base} ได้ {expected}",
  arithmeticDiscount: "ส่วนลดเป็น {given} แต่ {rate}% ของยอดรวม {base} ได้ {expected}",
  precisionRounded: "{field} มีทศนิยมเกิน {places} ตำแหน่ง บริการจะปัดเป็น {rounded}",

  // --- ours: list query ---
  pageSizeMin: "ขนาดหน้าต้องไม่น้อยกว่า 1",
  currentPageMin: "เลขหน้าต้องไม่น้อยกว่า 1",
  rangeValue: "ช่วงเวลา (range) ต้องเป็นหนึ่งใน 0, 1, 3, 5, 7, 9, 15",
  dateRangeNeedsDates: "ต้องระบุวันที่เริ่มและวันที่สิ้นสุดเมื่อใช้ range 5",
  dateRangeOrder: "วันที่เริ่มต้องไม่อยู่หลังวันที่สิ้นสุด",

  // --- ours: bodies ---
  attachmentsNotList: "ไฟล์แนบต้องเป็นรายการของไฟล์",
  queryNotObject: "คำค้นต้องเป็นชุดของพารามิเตอร์",
  jsonTooDeep: `เนื้อหาคำขอต้องซ้อนรายการและออบเจกต์กันไม่เกิน ${JSON_DEPTH_MAX} ชั้น`,
  bodyUnchecked: "ตรวจเนื้อหาไม่ได้: {error}",
};

// Partial so a sheet message added elsewhere builds at once (shown in English until it has its
// Thai: the unit test asks for every one).
export const SHEET_TH: Partial<Record<SheetMessageKey, string>> = {
  noHeader: "ไม่มีหัวคอลัมน์ใดตรงกับฟิลด์: แถวแรกต้องเป็นหัวคอลัมน์ เช่น ชื่อลูกค้า, ชื่อสินค้า, จำนวน, ราคาต่อหน่วย",
  unknownHeader: 'คอลัมน์ "{header}" ไม่ตรงกับฟิลด์ใด จึงไม่ได้ใช้',
  unknownHeaderMapped: 'คอลัมน์ "{header}" ไม่ตรงกับฟิลด์ใดและไม่อยู่ในการจับคู่คอลัมน์ จึงไม่ได้ใช้',
  headerTwice: 'คอลัมน์ "{header}" เป็น {field} ซ้ำ (มีแล้วที่คอลัมน์ {column}) ให้เหลือไว้คอลัมน์เดียว',
  keyEmpty: "รหัสกลุ่มเอกสารว่าง: แถวที่มีรหัสเดียวกันเป็นเอกสารเดียวกัน โปรดกรอก",
  headerFieldDiffers: 'ไม่ตรงกับแถว {row} ของเอกสาร "{key}" ({value}): ทุกแถวของเอกสารเดียวกันต้องมีข้อมูลหัวเอกสารเหมือนกัน',
  merged: "อ่านเซลล์ที่ผสานไว้ {range} ไม่ได้ โปรดยกเลิกการผสานแล้วกรอกทีละเซลล์",
  cellError: "เซลล์มีข้อผิดพลาด {error} โปรดใส่ค่าแทน",
  numberExpected: "ต้องเป็นตัวเลข",
  notANumber: '"{text}" ไม่ใช่ตัวเลข',
  tooManyDecimals: "{value} มีทศนิยมเกิน {places} ตำแหน่ง",
  notWhole: "{value} ไม่ใช่จำนวนเต็ม",
  idNegative: "รหัสต้องไม่ติดลบ",
  dateInvalid: "วันที่ไม่ถูกต้อง",
  dateExpected: "ต้องเป็นวันที่",
  numberNotDate: "{value} ไม่ใช่วันที่ ใช้รูปแบบ YYYY-MM-DD หรือ DD/MM/YYYY",
  textNotDate: '"{text}" ไม่ใช่วันที่ ใช้รูปแบบ YYYY-MM-DD หรือ DD/MM/YYYY',
  dateImpossible: '"{text}" ไม่ใช่วันที่ที่มีอยู่จริง',
  notBoolean: '"{text}" ไม่ใช่ค่า ใช่/ไม่ใช่ ใช้ TRUE/FALSE, yes/no หรือ ใช่/ไม่ใช่',
  codeNotAllowed: '"{text}" ใช้ที่นี่ไม่ได้ ใช้ {allowed}',
  codeNotAllowedWords: '"{text}" ใช้ที่นี่ไม่ได้ ใช้ {allowed} หรือคำใดคำหนึ่งใน {words}',
  statusUnknown: 'ไม่รู้จักสถานะ "{text}" ใช้สถานะใดสถานะหนึ่งต่อไปนี้: {statuses}',
  taxIdDigits: '"{text}" ไม่ใช่เลขประจำตัวผู้เสียภาษี: เลขประจำตัวผู้เสียภาษีของไทยมี 13 หลัก',
  taxIdChecksum: "{taxId} ไม่ใช่เลขประจำตัวผู้เสียภาษีที่ถูกต้อง: หลักสุดท้ายไม่ตรงกับ 12 หลักแรก ตรวจดูว่าพิมพ์ผิดหรือไม่",
  taxIdTwelveDigits: "{text} มี 12 หลัก และแม้เติมเลขศูนย์นำหน้าที่ Excel ตัดทิ้งแล้วก็ยังไม่ใช่เลขประจำตัวผู้เสียภาษีที่ถูกต้อง ให้ใส่ทั้ง 13 หลักเป็นข้อความ",
  taxIdZeroRestored: "เติมเลขศูนย์นำหน้าคืนแล้ว: {taxId}",
  branchInvalid: '"{text}" ไม่ใช่รหัสสาขา: ใช้ตัวเลข 5 หลัก (00000 สำหรับสำนักงานใหญ่, 00001 สำหรับสาขาที่ 1) หรือ Head office / สำนักงานใหญ่',
  branchZerosRestored: "เติมเลขศูนย์นำหน้าคืนแล้ว: {branch}",
  noPartialReceipts: "{family}ไม่มีการรับชำระบางส่วน มีเพียงใบเสร็จรับเงินที่รับชำระตามใบกำกับภาษี",
  noUpgrade: "{family}สร้างโดยแปลงจากเอกสารอื่นไม่ได้ โปรดล้างคอลัมน์เอกสารต้นทาง",
  upgradeNoPayment: "การแปลงเป็น{family}บันทึกการชำระเงินไม่ได้ โปรดล้างคอลัมน์การชำระเงิน",
  needsSource: "{family}สร้างจากใบกำกับภาษีหรือใบวางบิล: กรอกคอลัมน์เอกสารต้นทาง หรือรหัสใบกำกับภาษีที่ชำระและยอดชำระบางส่วนของแต่ละรายการ",
  noPaymentOnCreate: "{family}ไม่รับการชำระเงินตอนสร้าง โปรดล้างคอลัมน์การชำระเงิน",
  namedField: "{field}: {message}",
  addColumn: "{message} เพิ่มคอลัมน์ {label} ({key})",
  addColumnHint: "{message} เพิ่มคอลัมน์ {label}: {hint}",
};

/** COLUMN_HINTS (sheet/messages.ts) in Thai, by field key. */
export const HINTS_TH: Readonly<Record<string, string>> = {
  isVat: "TRUE เมื่อเอกสารมีภาษีมูลค่าเพิ่ม",
  isVatInclusive: "TRUE เมื่อราคารวมภาษีมูลค่าเพิ่มแล้ว",
  isManualVat: "TRUE เมื่อพิมพ์ยอดภาษีเองแทนการคำนวณ",
  documentShowWithholdingTax: "TRUE เพื่อแสดงหัก ณ ที่จ่ายบนเอกสาร",
  documentWithholdingTaxPercentage: `อัตราหัก ณ ที่จ่าย หนึ่งใน ${WITHHOLDING_RATES.filter((r) => r > 0).join(", ")}`,
  paymentMethod: "เงินสด เช็ค โอนเงิน บัตรเครดิต เงินสดย่อย หรือช่องทางอื่น",
  chequeDate: "วันที่ที่เขียนบนเช็ค",
  "item.creditId": "รหัสบัญชีที่บันทึกเครดิต จากผังบัญชี",
  "item.debitId": "รหัสบัญชีที่บันทึกเดบิต จากผังบัญชี",
  "item.categoryId": "รหัสหมวดค่าใช้จ่าย",
  "item.systemCode": "รหัสระบบของค่าใช้จ่าย",
  "item.description": "รายการนี้เป็นค่าอะไร",
};

export const RESULTS_TH: Record<ResultMessageKey, string> = {
  created: "สร้างแล้ว",
  createdFound: "สร้างแล้ว (พบจากการส่งครั้งก่อน)",
  createdConfirmed: "สร้างแล้ว (ยืนยันได้หลังคำตอบหาย)",
  alreadyPosted: "ส่งไว้แล้ว",
  notSent: "ไม่ได้ส่ง: {reason}",
  notSentMore: "ไม่ได้ส่ง: {reason} (และอีก {more} รายการ)",
  cellUnreadable: "มีเซลล์ที่อ่านไม่ได้",
  cancelled: "ยกเลิกแล้ว",
  postUnknown: "ไม่ทราบผล: คำตอบหายและค้นหาเอกสารไม่ได้ ส่งอีกครั้งเพื่อตรวจสอบ",
  statusNotAllowed: 'ตั้งสถานะ "{status}" ให้{family}ไม่ได้ ใช้สถานะใดสถานะหนึ่งต่อไปนี้: {statuses}',
  statusMissing: "ไม่มีสถานะที่จะตั้งให้{family} ใช้สถานะใดสถานะหนึ่งต่อไปนี้: {statuses}",
  statusSet: "เปลี่ยนสถานะเป็น {status} แล้ว",
  deleted: "ลบแล้ว",
  noPayment: "ไม่ได้บันทึกการชำระเงิน: {reason}",
  paidAmount: "ชำระแล้ว {amount}",
  pdfExported: "ส่งออก PDF แล้ว",
  noRecipient: "ไม่มีอีเมลผู้รับ (กรอกคอลัมน์อีเมล)",
  noSender: "ไม่มีอีเมลผู้ส่ง (ระบุอีเมลผู้ส่ง)",
  notDelivered: "บริการส่งอีเมลไม่ได้",
  emailed: "ส่งอีเมลถึง {to} แล้ว",
  shareCreated: "สร้างลิงก์แชร์แล้ว",
  attached: "แนบ {name} แล้ว",
  notAttachedEmpty: "ไม่ได้แนบ: {name} เป็นไฟล์ว่าง",
  alreadyUpgraded: "แปลงไว้แล้ว (เอกสาร {record})",
  upgradeUnknown: "ไม่ทราบผล: คำตอบหายและเอกสารต้นทางยังไม่มีเอกสารใหม่ สั่งแปลงอีกครั้งเพื่อตรวจสอบ",
  upgraded: "แปลงเป็น{family} {serial} แล้ว",
  upgradedWithPayment: "แปลงเป็น{family} {serial} พร้อมบันทึกการชำระเงินแล้ว",
  upgradedFound: "แปลงเป็น{family} {serial} แล้ว (พบจากการสั่งครั้งก่อน)",
  cannotUpgrade: "{family}แปลงเป็นเอกสารอื่นไม่ได้",
  cannotUpgradeTo: '{family}แปลงเป็น "{to}" ไม่ได้ เลือก {allowed}',
  rowResult: "{key} (แถว {row}): {message}",
  checked: "ตรวจแล้ว {n} เอกสาร",
  checkedOne: "ตรวจแล้ว 1 เอกสาร",
  pulledPage: "หน้า {page}: {done} จาก {total} เอกสาร",
  pulledPageOne: "หน้า {page}: {done} จาก 1 เอกสาร",
};
