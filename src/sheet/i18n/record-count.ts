// What a sheet's records are called when counted: documents, but contacts, products, journal
// vouchers and withholding tax certificates by their own words ("2 contacts", "ผู้ติดต่อ 2 ราย"),
// as messages by key (results.ts) rendered where they are shown. Pure.
import { familyEntry, type RecordKind } from "../../families";
import type { SheetFamily } from "../../rules/codes";
import type { Message } from "../../rules/message";
import { groupDigits } from "./plural";
import { resultMsg } from "./results";

function kindOf(family: SheetFamily | undefined): RecordKind {
  return family === undefined ? "Document" : familyEntry(family).record;
}

/** `n` records of `family`: "1 contact", "2 journal vouchers"; documents when no family is known. */
export function recordCount(family: SheetFamily | undefined, n: number): Message {
  const kind = kindOf(family);
  return n === 1 ? resultMsg(`count${kind}`) : resultMsg(`count${kind}s`, { number: groupDigits(n) });
}

/** What one record of `family` is called in a sentence: "document", "contact" ("ผู้ติดต่อ"), ... */
export function recordWord(family: SheetFamily | undefined): Message {
  return resultMsg(`record${kindOf(family)}`);
}

/** What records of `family` are called, many of them: "documents", "contacts" ("ผู้ติดต่อ"), ... */
export function recordsWord(family: SheetFamily | undefined): Message {
  return resultMsg(`records${kindOf(family)}`);
}

/** A family's records by its name: "quotation documents", but "contacts", "withholding tax
 * certificates", whose words name the family already. */
export function familyRecords(family: SheetFamily): Message {
  return kindOf(family) === "Document" ? resultMsg("familyDocuments", { family }) : recordsWord(family);
}

/** A template's example of `family`'s record: "one example contact". */
export function recordExample(family: SheetFamily | undefined): Message {
  return resultMsg(`example${kindOf(family)}`);
}
