// An amount in words, as printed under a total: in Thai ("หนึ่งร้อยเอ็ดบาทห้าสิบสตางค์"), and in English
// for the English 50 ทวิ ("Five thousand one hundred fifty baht and fifty satang").
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

const ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
  "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const SCALES = ["", " thousand", " million", " billion", " trillion", " quadrillion"];

/** English words of 1-999: "one hundred fifty-one". */
function hundredsEn(n: number): string {
  const words: string[] = [];
  if (n >= 100) words.push(`${ONES[Math.floor(n / 100)]} hundred`);
  const rest = n % 100;
  if (rest >= 20) words.push(TENS[Math.floor(rest / 10)] + (rest % 10 ? `-${ONES[rest % 10]}` : ""));
  else if (rest > 0) words.push(ONES[rest]);
  return words.join(" ");
}

/** English words of a whole number written in digits, by thousands. */
function wholeWordsEn(digits: string): string {
  const trimmed = digits.replace(/^0+/, "");
  if (trimmed === "") return ONES[0];
  const groups: number[] = [];
  for (let end = trimmed.length; end > 0; end -= 3) groups.unshift(Number(trimmed.slice(Math.max(0, end - 3), end)));
  return groups.flatMap((g, i) => (g === 0 ? [] : [hundredsEn(g) + (SCALES[groups.length - 1 - i] ?? "")])).join(" ");
}

/** An amount in English words: "Five thousand one hundred fifty baht and fifty satang", "Three
 * hundred baht only" for whole baht, "Fifty satang" below one baht. */
export function bahtTextEn(amount: Decimal): string {
  const [baht, satang] = amount.abs().toFixed(2).split(".");
  const sign = amount.isNegative() && !amount.isZero() ? "minus " : "";
  const satangWords = `${wholeWordsEn(satang)} satang`;
  const words = /^0+$/.test(baht) && satang !== "00" ? satangWords
    : `${wholeWordsEn(baht)} baht${satang === "00" ? " only" : ` and ${satangWords}`}`;
  const text = sign + words;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
