// A row's error in the run's language, without the client's operation names (productMasters.create,
// contacts.update), which are not the accountant's words (issue 36: "productMasters.create:
// เครือข่ายขัดข้อง (ECONNREFUSED): fetch failed" in a Thai run's result column).
import { CancelledError, NetworkError, OutcomeUnknownError } from "../../src/api";
import { errorMsg, errorText } from "../../src/jobs/error-text";
import { render } from "../../src/sheet/i18n/render";

const root = "http://127.0.0.1:8787/test";

test.each([
  [
    new NetworkError("productMasters.create: network failure (ECONNREFUSED): fetch failed", { operation: "productMasters.create", address: root, netCode: "ECONNREFUSED" }),
    `the service could not be reached at ${root}: nothing answers there (ECONNREFUSED)`,
    `ติดต่อบริการที่ ${root} ไม่ได้: ไม่มีบริการรอรับการเชื่อมต่อที่นั่น`,
  ],
  [
    new NetworkError("products.get: no answer within 30000 ms", { operation: "products.get", address: root }),
    `the service could not be reached at ${root}: no answer within 30 s`,
    `ติดต่อบริการที่ ${root} ไม่ได้: ไม่ตอบภายใน 30 วินาที`,
  ],
  [
    new OutcomeUnknownError({ operation: "contacts.update" }),
    "outcome unknown: the answer was lost; check whether it was done before trying again",
    "ไม่ทราบผล: คำตอบหายไประหว่างทาง ให้ตรวจดูว่าทำสำเร็จแล้วหรือไม่ก่อนลองอีกครั้ง",
  ],
  // Ctrl+C or Cancel while a contact's create was on its way (a cancelled contacts post's rows).
  [
    new CancelledError("contacts.create", { outcomeUnknown: true }),
    "cancelled after it was sent (outcome unknown): check whether it was done before trying again",
    "หยุดตามที่สั่งหลังส่งไปแล้ว (ไม่ทราบผล): ให้ตรวจดูว่าทำสำเร็จแล้วหรือไม่ก่อนลองอีกครั้ง",
  ],
  [new CancelledError("contacts.update"), "cancelled", "หยุดตามที่สั่ง"],
])("%s", (err, en, th) => {
  const said = { en: render(errorMsg(err), "en"), th: render(errorMsg(err), "th") };
  if (typeof en === "string") expect(said.en).toBe(en);
  else expect(said.en).toMatch(en);
  if (typeof th === "string") expect(said.th).toBe(th);
  else expect(said.th).toMatch(th);
  expect(`${said.en} ${said.th}`).not.toMatch(/productMasters|products\.get|contacts\.(update|create)|fetch failed/);
  // A cancel's text form (a withholding-tax row's) says the same.
  if (err instanceof CancelledError) expect(errorText(err, "th")).toBe(said.th);
});
