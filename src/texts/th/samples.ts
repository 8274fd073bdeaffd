// The Thai texts of namespace samples: en/samples.ts's twin, same keys and same {placeholders}.
import type { samples as en } from "../en/samples";
import type { Same } from "../same";

/** The example rows' words a Thai template shows: a Thai company, Thai items and units. */
export const samples: Same<typeof en> = {
  company: "บริษัท ตัวอย่าง จำกัด",
  address: "1 ถนนสีลม แขวงสุริยวงศ์ เขตบางรัก กรุงเทพมหานคร 10500",
  person: "สมชาย",
  consulting: "ค่าที่ปรึกษา",
  hour: "ชั่วโมง",
  travel: "ค่าเดินทาง",
  trip: "เที่ยว",
  taxi: "ค่าแท็กซี่",
  taxiToClient: "ค่าแท็กซี่ไปพบลูกค้า",
  paper: "กระดาษ",
  printerPaper: "กระดาษพิมพ์",
  suppliesAccrued: "ค่าวัสดุสำนักงานค้างจ่าย",
  paperAndToner: "กระดาษและหมึกพิมพ์",
  service: "บริการตัวอย่าง",
  oneHour: "ค่าที่ปรึกษา 1 ชั่วโมง",
};
