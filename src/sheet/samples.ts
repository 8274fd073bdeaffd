// The example rows' words, in the template's language: a Thai template shows a Thai company, Thai
// items and units, as a Thai accountant's own sheet would; dates are cells with a day-first,
// Buddhist-era format there (DATE_FORMAT_TH). Pure.
import type { Lang } from "./i18n/lang";

/** A Thai sheet's dates: day first, Buddhist-era year (Excel's bbbb), the cell still a date. */
export const DATE_FORMAT_TH = "dd/mm/bbbb";

export const SAMPLE: Readonly<Record<Lang, {
  company: string; address: string; person: string;
  consulting: string; hour: string; travel: string; trip: string;
  taxi: string; taxiToClient: string; paper: string; printerPaper: string;
  suppliesAccrued: string; paperAndToner: string; service: string; oneHour: string;
}>> = {
  en: {
    company: "Example Co., Ltd.", address: "1 Silom Road, Bang Rak, Bangkok 10500", person: "Somchai",
    consulting: "Consulting", hour: "hour", travel: "Travel", trip: "trip",
    taxi: "Taxi", taxiToClient: "Taxi to client", paper: "Paper", printerPaper: "Printer paper",
    suppliesAccrued: "Office supplies accrued", paperAndToner: "Paper and toner", service: "Example service", oneHour: "One hour of consulting",
  },
  th: {
    company: "บริษัท ตัวอย่าง จำกัด", address: "1 ถนนสีลม แขวงสุริยวงศ์ เขตบางรัก กรุงเทพมหานคร 10500", person: "สมชาย",
    consulting: "ค่าที่ปรึกษา", hour: "ชั่วโมง", travel: "ค่าเดินทาง", trip: "เที่ยว",
    taxi: "ค่าแท็กซี่", taxiToClient: "ค่าแท็กซี่ไปพบลูกค้า", paper: "กระดาษ", printerPaper: "กระดาษพิมพ์",
    suppliesAccrued: "ค่าวัสดุสำนักงานค้างจ่าย", paperAndToner: "กระดาษและหมึกพิมพ์", service: "บริการตัวอย่าง", oneHour: "ค่าที่ปรึกษา 1 ชั่วโมง",
  },
};
