// An amount in Thai words, as printed under the total of Thai invoices ("หนึ่งร้อยเอ็ดบาทห้าสิบสตางค์").
import { type Decimal } from "../../rules/money";

const DIGITS = ["ศูนย์", "หนึ่ง", "สอง", "สาม", "สี่", "ห้า", "หก", "เจ็ด", "แปด", "เก้า"];
const PLACES = ["", "สิบ", "ร้อย", "พัน", "หมื่น", "แสน"];

/** Words of a whole number below one million; `more` says a higher part precedes it (for เอ็ด). */
function group(n: string, more: boolean): string {
  const digits = n.replace(/^0+/, "");
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[i]);
    const place = digits.length - 1 - i;
    if (d === 0) continue;
    if (place === 1 && d === 1) out += "สิบ";
    else if (place === 1 && d === 2) out += "ยี่สิบ";
    else if (place === 0 && d === 1 && (digits.length > 1 || more)) out += "เอ็ด";
    else out += DIGITS[d] + PLACES[place];
  }
  return out;
}

/** Words of a whole number written in digits. */
function wholeWords(digits: string): string {
  const trimmed = digits.replace(/^0+/, "");
  if (trimmed === "") return DIGITS[0];
  const groups: string[] = [];
  for (let end = trimmed.length; end > 0; end -= 6) groups.unshift(trimmed.slice(Math.max(0, end - 6), end));
  return groups
    .map((g, i) => {
      const words = group(g, i > 0);
      return words + (i < groups.length - 1 ? "ล้าน" : "");
    })
    .join("");
}

export function bahtText(amount: Decimal): string {
  const fixed = amount.abs().toFixed(2);
  const [baht, satang] = fixed.split(".");
  const sign = amount.isNegative() && !amount.isZero() ? "ลบ" : "";
  const satangWords = satang === "00" ? "ถ้วน" : `${group(satang, false)}สตางค์`;
  if (/^0+$/.test(baht) && satang !== "00") return `${sign}${satangWords}`;
  return `${sign}${wholeWords(baht)}บาท${satangWords}`;
}
