// The Thai texts of namespace forms: en/forms.ts's twin, same keys and same {placeholders}.
import type { forms as en } from "../en/forms";
import type { Same } from "../same";

/** The withholding tax forms and the income types they list (rules/certificate-forms.ts). */
export const forms: Same<typeof en> = {
  pnd1: "ภ.ง.ด.1",
  pnd2: "ภ.ง.ด.2",
  pnd3: "ภ.ง.ด.3",
  pnd53: "ภ.ง.ด.53",
  income_salary: "เงินเดือน ค่าจ้าง",
  income_commission: "ค่าธรรมเนียม ค่านายหน้า",
  income_royalties: "ค่าแห่งลิขสิทธิ์",
  income_interest: "ดอกเบี้ย",
  income_dividends: "เงินปันผล",
  income_rent: "ค่าเช่า",
  income_professional: "ค่าวิชาชีพอิสระ",
  income_hire: "ค่าจ้างทำของ",
  income_services: "ค่าบริการ",
  income_advertising: "ค่าโฆษณา",
  income_transport: "ค่าขนส่ง",
  income_insurance: "เบี้ยประกันวินาศภัย",
  income_prizes: "ค่ารางวัล ส่วนลดหรือประโยชน์ใดๆ เนื่องจากการส่งเสริมการขาย",
  income_other: "เงินได้อื่นๆ",
  incomeWithSection: "{type} (ม.{section})",
};
