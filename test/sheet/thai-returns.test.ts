// The returns as the Revenue Department takes them, their pure parts: the form of a payment by the
// payee's kind and the income's section, a typed section, Thai names with their titles and
// addresses split as the forms take them, each form's conditions, and the RD Prep files in the
// references' layouts and in a layout of the user's, parsed back field by field.
import { INCOME_TYPES, formOfPayment, incomeTypeOf, incomeTypeText, incomeTypesOfSection, rdCondition } from "../../src/rules/certificate-forms";
import { parseRdLayout, rdPrepWht } from "../../src/sheet/rd-prep";
import { splitAddress, splitName } from "../../src/sheet/thai-names";
import { reportForms, whtReport } from "../../src/sheet/wht-report";

const type = (id: string) => incomeTypeOf(id)!;

describe("the form of a payment", () => {
  it("follows the payee's kind and the income's section", () => {
    expect(["salary", "commission", "royalties", "interest", "dividends", "rent", "professional", "hire", "services", "advertising"]
      .map((t) => formOfPayment(false, type(t)))).toEqual([15, 15, 9, 9, 9, 1, 1, 1, 1, 1]);
    expect(["salary", "royalties", "rent", "services"].map((t) => formOfPayment(true, type(t)))).toEqual([3, 3, 3, 3]);
  });

  it("takes a typed section that names one income type and lists the choices of one that names several", () => {
    expect(incomeTypesOfSection("40(2)")!.map((t) => t.id)).toEqual(["commission"]);
    expect(incomeTypesOfSection("ม.40(2)")!.map((t) => t.id)).toEqual(["commission"]);
    expect(incomeTypesOfSection("s.40(5)")!.map((t) => t.id)).toEqual(["rent"]);
    expect(incomeTypesOfSection("40(4)(ข)")!.map((t) => t.id)).toEqual(["dividends"]);
    expect(incomeTypesOfSection("มาตรา 40 (4) (ก)")!.map((t) => t.id)).toEqual(["interest"]);
    expect(incomeTypesOfSection("40(4)")!.map((t) => t.id)).toEqual(["interest", "dividends"]);
    expect(incomeTypesOfSection("40(8)")!.map((t) => t.id)).toEqual(["services", "advertising", "transport", "insurance", "prizes", "other"]);
    expect(incomeTypesOfSection("40(9)")).toEqual([]);
    expect(incomeTypesOfSection("rent")).toBeUndefined();
    // A bare number is the paragraph of section 40, as the drop-down names each type by its section.
    expect(incomeTypesOfSection("1")!.map((t) => t.id)).toEqual(["salary"]);
    expect(incomeTypesOfSection(" 2 ")!.map((t) => t.id)).toEqual(["commission"]);
    expect(incomeTypesOfSection("3")!.map((t) => t.id)).toEqual(["royalties"]);
    expect(incomeTypesOfSection("4")!.map((t) => t.id)).toEqual(["interest", "dividends"]);
    expect(incomeTypesOfSection("5")!.map((t) => t.id)).toEqual(["rent"]);
    expect(incomeTypesOfSection("8")).toHaveLength(6);
    expect(incomeTypesOfSection("9")).toBeUndefined();
    expect(incomeTypesOfSection("27")).toBeUndefined();
  });

  it("names every income type in English with its section of the Revenue Code, and in Thai with its มาตรา", () => {
    expect(incomeTypeText(type("commission"), "en")).toBe("Fees and commissions (s.40(2))");
    expect(incomeTypeText(type("commission"), "th")).toBe("ค่าธรรมเนียม ค่านายหน้า (ม.40(2))");
    for (const t of INCOME_TYPES) {
      expect(incomeTypeText(t, "en")).toMatch(/ \(s\.40\(\d\)(\([ab]\))?\)$/);
      // Each name reads back as its own type, in either language.
      expect([incomeTypeOf(incomeTypeText(t, "en")), incomeTypeOf(incomeTypeText(t, "th"))]).toEqual([t, t]);
    }
  });

  it("writes each form's conditions as its legend says: ภ.ง.ด.53 has once 2 and always 3", () => {
    // The service's taxPayment: 1 at source, 3 payer always, 5 payer once, 7 other.
    expect([1, 3, 5, 7].map((p) => rdCondition(1, p))).toEqual([1, 2, 3, undefined]);
    expect([1, 3, 5, 7].map((p) => rdCondition(15, p))).toEqual([1, 2, 3, undefined]);
    expect([1, 3, 5, 7].map((p) => rdCondition(9, p))).toEqual([1, 2, 3, undefined]);
    expect([1, 3, 5, 7].map((p) => rdCondition(3, p))).toEqual([1, 3, 2, undefined]);
  });
});

describe("names and addresses as the forms take them", () => {
  it("splits every common title and rank from the name, glued on or not", () => {
    expect(splitName("ดร.สมศักดิ์ ใจงาม")).toEqual(["ดร.", "สมศักดิ์", "ใจงาม"]);
    expect(splitName("นายแพทย์สมชาย ใจดี")).toEqual(["นายแพทย์", "สมชาย", "ใจดี"]);
    expect(splitName("ว่าที่ร้อยตรี สมหมาย ดีงาม")).toEqual(["ว่าที่ร้อยตรี", "สมหมาย", "ดีงาม"]);
    expect(splitName("ว่าที่ร้อยตรีสมหมาย ดีงาม")).toEqual(["ว่าที่ร้อยตรี", "สมหมาย", "ดีงาม"]);
    expect(splitName("นางสาว มาลี")).toEqual(["นางสาว", "มาลี", ""]);
    expect(splitName("นางสาวมาลี")).toEqual(["นางสาว", "มาลี", ""]);
    expect(splitName("นางมาลี ศรีสุข")).toEqual(["นาง", "มาลี", "ศรีสุข"]);
    expect(splitName("นาย สมชาย ณ อยุธยา")).toEqual(["นาย", "สมชาย", "ณ อยุธยา"]);
    expect(splitName("นพ. วิชัย รักษา")).toEqual(["นพ.", "วิชัย", "รักษา"]);
    expect(splitName("พญ.สุดา แสงทอง")).toEqual(["พญ.", "สุดา", "แสงทอง"]);
    expect(splitName("พ.ต.อ. ประยุทธ มั่นคง")).toEqual(["พ.ต.อ.", "ประยุทธ", "มั่นคง"]);
    expect(splitName("ร.ต.ท.ชาติ กล้าหาญ")).toEqual(["ร.ต.ท.", "ชาติ", "กล้าหาญ"]);
    expect(splitName("ผศ.ดร.วิไล สอนดี")).toEqual(["ผศ.ดร.", "วิไล", "สอนดี"]);
    expect(splitName("Mr Somchai Jaidee")).toEqual(["Mr", "Somchai", "Jaidee"]);
    expect(splitName("Mrinal Sen")).toEqual(["", "Mrinal", "Sen"]);
    expect(splitName("สมชาย")).toEqual(["", "สมชาย", ""]);
    // A title alone is a name, not a title.
    expect(splitName("นาย")).toEqual(["", "นาย", ""]);
  });

  it("splits an address into street, street 2, district, province and postal code, the rest kept in street", () => {
    expect(splitAddress("99/1 ถนนสุขุมวิท แขวงคลองตัน เขตคลองเตย กรุงเทพมหานคร 10110")).toEqual({
      street: "99/1 ถนนสุขุมวิท", street2: "คลองตัน", district: "คลองเตย", province: "กรุงเทพมหานคร", postalCode: "10110",
    });
    expect(splitAddress("12 หมู่ 3 ต.สุเทพ อ.เมืองเชียงใหม่ จ.เชียงใหม่ 50200")).toEqual({
      street: "12 หมู่ 3", street2: "สุเทพ", district: "เมืองเชียงใหม่", province: "เชียงใหม่", postalCode: "50200",
    });
    expect(splitAddress("5 ซอยรามคำแหง 24 ตำบลบางพลี อำเภอบางพลี จังหวัดสมุทรปราการ")).toEqual({
      street: "5 ซอยรามคำแหง 24", street2: "บางพลี", district: "บางพลี", province: "สมุทรปราการ", postalCode: "",
    });
    expect(splitAddress("1 ถ.สีลม กทม. 10500")).toMatchObject({ street: "1 ถ.สีลม", province: "กรุงเทพมหานคร", postalCode: "10500" });
    expect(splitAddress("9 Sukhumvit Road, Bangkok 10110")).toEqual({ street: "9 Sukhumvit Road", street2: "", district: "", province: "Bangkok", postalCode: "10110" });
    expect(splitAddress("88 หมู่บ้านสวนหลวง")).toEqual({ street: "88 หมู่บ้านสวนหลวง", street2: "", district: "", province: "", postalCode: "" });
  });
});

const cert = (id: number, entity: number, name: string, taxId: string, address: string, taxPayment: number, items: [number, string, number, number][], extra = {}) => ({
  recordId: id, documentSerial: `WT${id}`, entity, contactName: name, contactTaxId: taxId, contactBranch: entity === 3 ? "00001" : "", contactAddress: address,
  publishedOn: "2026-05-07", statusString: "processed", taxPayment,
  total: items.reduce((t, i) => t + i[3], 0), totalTaxWithheld: items.reduce((t, i) => t + (i[3] * i[2]) / 100, 0),
  withholdingTaxItems: items.map(([incomeType, description, taxRate, taxAmount]) => ({ incomeType, description, taxRate, taxAmount, withheld: (taxAmount * taxRate) / 100 })),
  ...extra,
});
const company = { name: "Demo Co., Ltd.", taxId: "0105556000009", branch: "00000" };
const parse = (text: string) => text.split("\r\n").filter(Boolean).map((l) => l.split("|"));

describe("RD Prep files", () => {
  const report = whtReport("2026-05", company, [
    cert(1, 15, "นางสาวมาลี", "1101700123456", "1 ถนนพหลโยธิน แขวงสามเสนใน เขตพญาไท กรุงเทพมหานคร 10400", 1, [[1, "เงินเดือน ค่าจ้าง (ม.40(1))", 5, 20000]]),
    cert(2, 9, "ดร.สมศักดิ์ ใจงาม", "3101200456789", "7 ต.ในเมือง อ.เมืองขอนแก่น จ.ขอนแก่น 40000", 3, [[7, "ดอกเบี้ย (ม.40(4)(a))", 15, 1000]]),
    cert(3, 1, "ว่าที่ร้อยตรี สมหมาย ดีงาม", "1101700999998", "3 ถนนนิมมานเหมินท์", 5,
      [[27, "ค่าเช่า (ม.40(5))", 5, 10000], [27, "ค่าวิชาชีพอิสระ (ม.40(6))", 3, 2000]]),
    cert(4, 1, "นายแพทย์สมชาย ใจดี", "1101700888881", "", 1, [[27, "ค่าบริการ (ม.40(8))", 3, 500]]),
    cert(5, 3, "บริษัท แกมมา จำกัด", "0107537002443", "2 ถนนพระราม 4 แขวงสุริยวงศ์ เขตบางรัก กรุงเทพมหานคร 10500", 5, [[27, "ค่าบริการ (ม.40(8))", 3, 3000]]),
    cert(6, 3, "ห้างหุ้นส่วนจำกัด เดลต้า", "0103555000001", "9 ถนนเพชรเกษม", 3, [[27, "ค่าโฆษณา (ม.40(8))", 2, 1500]]),
  ], []);

  it("files each certificate on its form, ภ.ง.ด.1 and ภ.ง.ด.2 too", () => {
    expect(reportForms(report)).toEqual([15, 9, 1, 3]);
    expect(report.findings).toEqual([]);
    expect(reportForms(whtReport("2026-05", company, [], []))).toEqual([1, 3]);
    // A person's interest certified on ภ.ง.ด.3 stays there, and says where it belongs.
    const off = whtReport("2026-05", company, [cert(7, 1, "นาย ก ข", "1101700123456", "", 1, [[7, "ดอกเบี้ย (ม.40(4)(a))", 15, 100]])], []);
    expect(off.findings).toEqual([{ kind: "formDiffers", serial: "WT7", form: 1, expected: 9 }]);
  });

  it("files every income type on its form, paid to a person and to a company, its RD Prep line naming it", () => {
    const month = whtReport("2026-05", company, INCOME_TYPES.flatMap((t, i) => [
      cert(100 + 2 * i, formOfPayment(false, t), "นาย ทดสอบ ใจดี", "1101700123456", "", 1, [[t.incomeType, incomeTypeText(t, "th"), t.rates[0], 1000]]),
      cert(101 + 2 * i, 3, "บริษัท ทดสอบ จำกัด", "0105556000009", "", 1, [[t.incomeType, incomeTypeText(t, "th"), t.rates[0], 1000]]),
    ]), []);
    expect(month.findings).toEqual([]);
    const ids = (form: 15 | 9 | 1 | 3) => month.lines[form].map((l) => l.type?.id);
    expect(ids(15)).toEqual(["salary", "commission"]);
    expect(ids(9)).toEqual(["royalties", "interest", "dividends"]);
    expect(ids(1)).toEqual(["rent", "professional", "hire", "services", "advertising", "transport", "insurance", "prizes", "other"]);
    expect(ids(3)).toEqual(INCOME_TYPES.map((t) => t.id));
    expect(parse(rdPrepWht(month, 15)).map((l) => [l[0], l[1]])).toEqual([["401N", "1"], ["402I", "2"]]);
    expect(parse(rdPrepWht(month, 9)).map((l) => l[11])).toEqual(["ค่าแห่งลิขสิทธิ์ (ม.40(3))", "ดอกเบี้ย (ม.40(4)(a))", "เงินปันผล (ม.40(4)(b))"]);
    expect(parse(rdPrepWht(month, 3)).map((l) => l[0])).toEqual(INCOME_TYPES.map((_, i) => String(i + 1)));
  });

  it("writes the references' layouts: one line per certificate, sequence 1, 2, 3, its income lines after it", () => {
    expect(parse(rdPrepWht(report, 15))).toEqual([["401N", "1", "1101700123456", "นางสาว", "มาลี", "", "07052569", "20000.00", "1000.00", "1"]]);
    expect(parse(rdPrepWht(report, 9))).toEqual([[
      "1", "3101200456789", "ดร.", "สมศักดิ์", "ใจงาม", "7", "ในเมือง", "เมืองขอนแก่น", "ขอนแก่น", "40000",
      "07052569", "ดอกเบี้ย (ม.40(4)(a))", "15", "1000.00", "150.00", "2",
    ]]);
    expect(parse(rdPrepWht(report, 1))).toEqual([
      ["1", "1101700999998", "", "ว่าที่ร้อยตรี", "สมหมาย", "ดีงาม", "3 ถนนนิมมานเหมินท์", "", "", "", "",
        "07052569", "ค่าเช่า (ม.40(5))", "5", "10000.00", "500.00", "3", "07052569", "ค่าวิชาชีพอิสระ (ม.40(6))", "3", "2000.00", "60.00", "3"],
      ["2", "1101700888881", "", "นายแพทย์", "สมชาย", "ใจดี", "", "", "", "", "", "07052569", "ค่าบริการ (ม.40(8))", "3", "500.00", "15.00", "1"],
    ]);
    expect(parse(rdPrepWht(report, 3))).toEqual([
      ["1", "0107537002443", "00001", "บริษัท", "แกมมา จำกัด", "2 ถนนพระราม 4", "สุริยวงศ์", "บางรัก", "กรุงเทพมหานคร", "10500",
        "07052569", "ค่าบริการ (ม.40(8))", "3", "3000.00", "90.00", "2"],
      ["2", "0103555000001", "00001", "ห้างหุ้นส่วนจำกัด", "เดลต้า", "9 ถนนเพชรเกษม", "", "", "", "", "07052569", "ค่าโฆษณา (ม.40(8))", "2", "1500.00", "30.00", "3"],
    ]);
  });

  it("writes a layout of the user's, and names what it cannot read", () => {
    const { layouts, problems } = parseRdLayout("# our RD Prep import\nPND3: seq|taxId|name|address|line.income|line.amount|line.tax|amount|tax\nภ.ง.ด.53 = taxId|name|condition\n");
    expect(problems).toEqual([]);
    expect(parse(rdPrepWht(report, 1, layouts))[0]).toEqual([
      "1", "1101700999998", "สมหมาย ดีงาม", "3 ถนนนิมมานเหมินท์", "ค่าเช่า (ม.40(5))", "10000.00", "500.00", "ค่าวิชาชีพอิสระ (ม.40(6))", "2000.00", "60.00", "12000.00", "560.00",
    ]);
    expect(parse(rdPrepWht(report, 3, layouts))).toEqual([["0107537002443", "แกมมา จำกัด", "2"], ["0103555000001", "เดลต้า", "3"]]);
    // A form it does not name keeps the default.
    expect(rdPrepWht(report, 9, layouts)).toBe(rdPrepWht(report, 9));
    expect(parseRdLayout("PND4: seq\nPND3: seq|colour|taxId\n").problems).toEqual([
      { line: 1, what: "form", text: "PND4" }, { line: 2, what: "field", text: "colour" },
    ]);
  });
});
