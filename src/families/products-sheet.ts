// Products' sheet (service-facts §5.2): one product a row, its accounts kept on its product master.
// A product is the product of its code, else of its name.
import { ITEM_TYPE, PRODUCT_VAT_TYPE } from "../rules/codes";
import { buildProduct } from "../sheet/books/builders";
import { num, text, withoutMarkers } from "../sheet/books/layout";
import { bookField, resultField, type Shown } from "../sheet/books/book-field";
import { ITEM_TYPES, said } from "../sheet/shown-values";
import { bookSheet } from "./book-sheet";

/** Fixed values as templates and pulls show them, in English and Thai (src/texts, values); each reads back as its code. */
const SHOWN: Readonly<Record<string, Shown>> = {
  type: ITEM_TYPES,
  vatType: said([
    [PRODUCT_VAT_TYPE.Exclusive, "productVat_exclusive"], [PRODUCT_VAT_TYPE.Inclusive, "productVat_inclusive"],
    [PRODUCT_VAT_TYPE.Zero, "productVat_zero"], [PRODUCT_VAT_TYPE.Exempt, "productVat_exempt"],
  ]),
};

const field = bookField("products", SHOWN);

/** Words a product's VAT is read by beyond those it is shown by. */
const VAT_TYPE_WORDS: Record<string, number> = {
  inclusive: PRODUCT_VAT_TYPE.Inclusive, include: PRODUCT_VAT_TYPE.Inclusive, ราคารวมภาษี: PRODUCT_VAT_TYPE.Inclusive,
  exclusive: PRODUCT_VAT_TYPE.Exclusive, exclude: PRODUCT_VAT_TYPE.Exclusive, "7%": PRODUCT_VAT_TYPE.Exclusive,
  ไม่รวมภาษี: PRODUCT_VAT_TYPE.Exclusive, ราคาไม่รวมภาษี: PRODUCT_VAT_TYPE.Exclusive,
  zero: PRODUCT_VAT_TYPE.Zero, zerorated: PRODUCT_VAT_TYPE.Zero, "0%": PRODUCT_VAT_TYPE.Zero, ภาษี0: PRODUCT_VAT_TYPE.Zero, "ภาษี0%": PRODUCT_VAT_TYPE.Zero,
  none: PRODUCT_VAT_TYPE.Exempt, novat: PRODUCT_VAT_TYPE.Exempt, ยกเว้น: PRODUCT_VAT_TYPE.Exempt, ไม่มีภาษี: PRODUCT_VAT_TYPE.Exempt,
};

const FIELDS = [
  field("code", "document", "text", ["Product code", "Item code", "SKU"], ["รหัส"]),
  field("name", "document", "text", ["Product name", "Product", "Item"], ["สินค้า", "ชื่อ"]),
  field("type", "document", "code", ["Product type"], ["ประเภท"], {
    allowed: Object.values(ITEM_TYPE), words: { noninventory: 3, stock: 5, สต็อก: 5 },
    sentAs: ["productStructureType"],
  }),
  field("description", "document", "text", [], ["คำอธิบาย"], { wire: "sellDescription" }),
  field("unitName", "document", "text", ["Unit name"], ["หน่วยนับ"]),
  field("sellPrice", "document", "quantity", ["Selling price", "Sales price"], ["ราคาขายต่อหน่วย"]),
  field("buyPrice", "document", "quantity", ["Purchase price", "Cost"], ["ต้นทุน"]),
  field("vatType", "document", "code", ["VAT type", "VAT treatment"], ["ประเภทภาษี", "VAT"], {
    allowed: Object.values(PRODUCT_VAT_TYPE), words: VAT_TYPE_WORDS, sentAs: ["sellVatType", "buyVatType"],
  }),
  field("sellChartOfAccountCode", "document", "text", ["Sell account", "Sell account code"], ["รหัสบัญชีขาย"]),
  field("buyChartOfAccountCode", "document", "text", ["Buy account", "Buy account code"], ["รหัสบัญชีซื้อ"]),
  resultField("recordId"), resultField("result"), resultField("fingerprint"),
];

export const PRODUCTS_SHEET = bookSheet({
  shown: SHOWN,
  fields: FIELDS,
  synonyms: {
    code: ["Item no.", "Product no.", "Part no.", "รหัสรายการ"],
    name: ["Item name", "Description of goods", "ชื่อรายการ", "ชื่อสินค้า/บริการ"],
    unitName: ["UOM", "Unit of measure", "หน่วยขาย"],
    sellPrice: ["List price", "Retail price", "ราคาตั้ง", "ราคาขายปลีก"],
    buyPrice: ["Cost price", "Purchase cost", "ราคาทุน", "ต้นทุนต่อหน่วย"],
    vatType: ["Tax type", "ภาษีขาย"],
    sellChartOfAccountCode: ["Revenue account", "Income account", "บัญชีรายได้"],
    buyChartOfAccountCode: ["Expense account", "Cost account", "บัญชีค่าใช้จ่าย", "บัญชีต้นทุน"],
  },
  ask: [
    [["Price", "Unit price", "ราคา", "ราคาต่อหน่วย"], ["sellPrice", "buyPrice"]],
    [["Account", "Account code", "บัญชี", "รหัสบัญชี", "ผังบัญชี"], ["sellChartOfAccountCode", "buyChartOfAccountCode"]],
  ],
  needs: [{ fields: ["name"], need: "required" }, { fields: ["vatType"], need: "required" }, { fields: ["code"], need: "recommended" }],
  build: buildProduct,
  identity: {
    keys: [
      { by: "code", field: "code", clash: "productCodeClash" },
      { by: "name", field: "name", unless: "code", clash: "productNameClash" },
    ],
    same: { field: "code", note: "sameProductAsRow" },
  },
  layout: {
    keys: ["code", "name", "type", "description", "unitName", "sellPrice", "buyPrice", "vatType", "sellChartOfAccountCode", "buyChartOfAccountCode"],
    resultKeys: ["recordId", "result", "fingerprint"],
    lookups: {},
    example: ({ word: w, sample: s }) => [{
      code: "P-EX-1", name: s.service, type: w("type", 1), description: s.oneHour, unitName: s.hour,
      sellPrice: 1500, buyPrice: 0, vatType: w("vatType", 3), sellChartOfAccountCode: "41210",
    }],
    cells: (r, { word, productAccounts }) => [{
      code: text(r.code), name: text(r.name), type: word("type", r.type), description: withoutMarkers(r.sellDescription),
      unitName: text(r.unitName), sellPrice: num(r.sellPrice), buyPrice: num(r.buyPrice), vatType: word("vatType", r.sellVatType),
      sellChartOfAccountCode: text(productAccounts?.get(Number(r.id))?.sellChartOfAccountCode), buyChartOfAccountCode: text(productAccounts?.get(Number(r.id))?.buyChartOfAccountCode),
      recordId: num(r.id),
    }],
  },
});
