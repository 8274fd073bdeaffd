// Contacts' sheet (service-facts §5.1): one contact a row. A contact is the contact of its tax id
// and branch, and of its code; of its name only without a tax id. A pull shows the branch by its
// code whether the service keeps the code or only the branch's name ("สำนักงานใหญ่", "สาขา 00001"),
// so a pulled company's row checks clean.
import { CONTACT_GROUP, CONTACT_TYPE } from "../rules/codes";
import { buildContact } from "../sheet/books/builders";
import { shownBranchCode } from "../sheet/books/branch";
import { num, text } from "../sheet/books/layout";
import { bookField, resultField, type Shown } from "../sheet/books/book-field";
import { CONTACT_GROUPS, said } from "../sheet/shown-values";
import { bookSheet } from "./book-sheet";

/** Fixed values as templates and pulls show them, in English and Thai (src/texts, values); each reads back as its code. */
const SHOWN: Readonly<Record<string, Shown>> = {
  contactType: said([[CONTACT_TYPE.Customer, "contactType_customer"], [CONTACT_TYPE.Vendor, "contactType_vendor"], [CONTACT_TYPE.Both, "contactType_both"]]),
  contactGroup: CONTACT_GROUPS,
};

const field = bookField("contacts", SHOWN);

/** Words a contact type is read by beyond those it is shown by. */
const CONTACT_TYPE_WORDS: Record<string, number> = {
  client: CONTACT_TYPE.Customer,
  vendor: CONTACT_TYPE.Vendor, ผู้จำหน่าย: CONTACT_TYPE.Vendor, ซัพพลายเออร์: CONTACT_TYPE.Vendor,
  "customer/supplier": CONTACT_TYPE.Both, "customerandsupplier": CONTACT_TYPE.Both,
  ทั้งสอง: CONTACT_TYPE.Both, ทั้งสองอย่าง: CONTACT_TYPE.Both, "ลูกค้า/ผู้ขาย": CONTACT_TYPE.Both,
};

const FIELDS = [
  field("contactCode", "document", "text", ["Contact code", "Customer code", "Vendor code"], ["รหัสผู้ติดต่อ", "รหัสลูกค้า", "รหัสผู้ขาย"]),
  field("contactName", "document", "text", ["Contact name", "Contact", "Company name", "Customer", "Supplier"], ["ชื่อผู้ติดต่อ", "ผู้ติดต่อ", "ชื่อบริษัท", "ชื่อลูกค้า"]),
  field("contactType", "document", "code", ["Contact type", "Customer or supplier"], ["ประเภทผู้ติดต่อ", "ลูกค้าหรือผู้ขาย"], {
    allowed: Object.values(CONTACT_TYPE), words: CONTACT_TYPE_WORDS,
  }),
  field("contactGroup", "document", "code", ["Person or company", "Entity"], ["บุคคลหรือนิติบุคคล"], {
    allowed: Object.values(CONTACT_GROUP), words: { person: 1, บุคคล: 1, company: 3, บริษัท: 3 },
  }),
  // Read by tax-id.ts (checksum, the leading zero Excel drops; 5-digit branches).
  field("contactTaxId", "document", "text", ["Tax ID no.", "Tax number"], ["เลขผู้เสียภาษี"]),
  field("contactBranch", "document", "text", ["Branch code"], ["รหัสสาขา"], { wire: "contactBranchCode" }),
  field("contactAddress", "document", "text", [], []),
  field("contactZipCode", "document", "text", ["Postcode", "Postal code"], []),
  field("contactPerson", "document", "text", ["Attention", "Person"], ["บุคคลที่ติดต่อ", "ชื่อผู้ประสานงาน"]),
  field("contactEmail", "document", "text", ["E-mail"], ["อีเมล์"]),
  field("contactMobile", "document", "text", ["Phone number", "Mobile", "Telephone"], ["เบอร์โทรศัพท์", "โทรศัพท์", "มือถือ"]),
  field("contactCreditDays", "document", "integer", ["Credit term"], ["เครดิต (วัน)", "เครดิต"]),
  resultField("recordId"), resultField("result"), resultField("fingerprint"),
];

export const CONTACTS_SHEET = bookSheet({
  shown: SHOWN,
  fields: FIELDS,
  synonyms: {
    contactName: ["Customer name", "Supplier name", "Vendor name", "Company", "ชื่อผู้ขาย", "ชื่อคู่ค้า", "ชื่อบริษัท/บุคคล"],
    contactCode: ["Customer no.", "Vendor no.", "Supplier code", "เลขที่ลูกค้า"],
    contactTaxId: ["Tax ID number", "TIN", "VAT number", "เลขประจำตัวผู้เสียภาษีอากร", "เลขที่ผู้เสียภาษี"],
    contactBranch: ["Branch no.", "เลขที่สาขา"],
    contactZipCode: ["ZIP", "รหัสไปรษณีย์ (5 หลัก)"],
    contactEmail: ["Email address", "ที่อยู่อีเมล"],
    contactMobile: ["Tel", "Tel.", "Mobile phone", "โทร", "เบอร์มือถือ"],
    contactCreditDays: ["Payment terms", "Terms (days)", "ระยะเวลาเครดิต"],
  },
  ask: [[["Number", "No.", "หมายเลข", "เลขที่"], ["contactCode", "contactTaxId"]]],
  needs: [{ fields: ["contactName"], need: "required" }, { fields: ["contactType"], need: "required" }, { fields: ["contactTaxId"], need: "recommended" }],
  build: buildContact,
  identity: {
    keys: [
      { by: "tax", field: "contactTaxId", branch: "contactBranch", clash: "contactTaxIdClash" },
      { by: "code", field: "contactCode", clash: "contactCodeClash" },
      { by: "name", field: "contactName", unless: "tax", clash: "contactNameClash" },
    ],
    same: { field: "contactName", note: "sameContactAsRow" },
  },
  layout: {
    keys: [
      "contactCode", "contactName", "contactType", "contactGroup", "contactTaxId", "contactBranch", "contactAddress", "contactZipCode",
      "contactPerson", "contactEmail", "contactMobile", "contactCreditDays",
    ],
    resultKeys: ["recordId", "result", "fingerprint"],
    lookups: {},
    example: ({ word: w, sample: s }) => [{
      contactCode: "C-EX-1", contactName: s.company, contactType: w("contactType", 3), contactGroup: w("contactGroup", 3),
      contactTaxId: "0105556000009", contactBranch: "00000", contactAddress: s.address, contactZipCode: "10110",
      contactPerson: s.person, contactEmail: "accounts@example.com", contactMobile: "081-234-5678", contactCreditDays: 30,
    }],
    cells: (r, { word }) => [{
      contactCode: text(r.contactCode), contactName: text(r.contactName), contactType: word("contactType", r.contactType),
      contactGroup: word("contactGroup", r.contactGroup), contactTaxId: text(r.contactTaxId), contactBranch: shownBranchCode(r),
      contactAddress: text(r.contactAddress), contactZipCode: text(r.contactZipCode), contactPerson: text(r.contactPerson),
      contactEmail: text(r.contactEmail), contactMobile: text(r.contactMobile), contactCreditDays: num(r.contactCreditDays), recordId: num(r.id),
    }],
  },
});
