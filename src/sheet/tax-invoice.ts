// What a full tax invoice must carry about its buyer (Revenue Code s.86/4): name and address, and,
// when the buyer has a tax id, the 13-digit tax id and the branch (00000 for the head office).
// A document lacking one gets a WARNING at the cell (or the row's first cell, naming the column to
// add), never an error: the accountant may know better (an abbreviated tax invoice, a contact to be
// completed on the service), so it is said and counted apart and does not stop the post.
//
// Which documents are tax invoices (as the VAT report counts them, vat-entries.ts): tax invoices
// and cash invoices (tax invoice and receipt in one), and receipts made from a billing note, when
// they charge VAT (standard or zero-rated; an exempt-only sale issues no tax invoice).
//
// Where the details come from: the sheet's cells, else the contact the document names by contactId
// (the service fills a field the body leaves out from its contact, spec contact rule 4). The check
// runs without a connection, so a field left to a named contact is not judged there; the post job,
// connected, reads those contacts and judges them (jobs/tax-invoice.ts). A document naming its
// buyer by name alone is judged on the sheet: the service uses an existing contact of that name
// only when it has no code, and otherwise makes a new one from the sheet's details. Pure.
import type { Contact } from "../api/types";
import { DOCUMENT_TYPE, FAMILY_INFO, type Family } from "../rules/codes";
import type { BuiltDocument } from "./body";
import type { CellFinding } from "./findings";
import { sheetMsg } from "./messages";
import { pinFinding } from "./pin";
import type { SheetDocument, SheetLayout } from "./read";
import { isValidTaxId, readBranch } from "./tax-id";
import type { Message } from "../rules/message";

/** What the service holds of a contact, as far as a tax invoice needs it. */
export type BuyerDetails = Pick<Contact, "contactName" | "contactTaxId"> & { contactAddress?: unknown; contactBranch?: unknown };

const filled = (v: unknown): v is string | number => (typeof v === "string" && v.trim() !== "") || typeof v === "number";

/** Whether the built document is a tax invoice that s.86/4 applies to. */
export function isTaxInvoice(family: Family, built: BuiltDocument): boolean {
  const body = built.body;
  const info = FAMILY_INFO[family];
  if (info.paysDocuments) {
    const ref = Array.isArray(body.documentReference) ? (body.documentReference[0] as Record<string, unknown> | undefined) : undefined;
    if (!built.upgrade || Number(ref?.referenceDocumentType) !== DOCUMENT_TYPE.BillingNote) return false;
  } else if (!info.taxInvoice) {
    return false;
  }
  if (FAMILY_INFO[family].side !== "sell") return false;
  if (built.structure === "simple") return body.isVat === true;
  if (body.isVat === false) return false;
  const items = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : [];
  return items.some((i) => i.vatRate === undefined || i.vatRate === null || Number(i.vatRate) !== -1);
}

/** The document names a contact whose details the service fills in. */
export function namesContact(built: BuiltDocument): boolean {
  const id = Number(built.body.contactId);
  return Number.isSafeInteger(id) && id > 0;
}

/**
 * The s.86/4 warnings of one document. `contact`: the named contact's details as the service holds
 * them; undefined when they are not known here (the check), so the fields the sheet leaves to a
 * named contact are not judged.
 */
export function taxInvoiceWarnings(
  doc: SheetDocument, built: BuiltDocument, family: Family, layout: SheetLayout, contact?: BuyerDetails,
): CellFinding[] {
  if (!isTaxInvoice(family, built)) return [];
  const body = built.body;
  const leftToContact = namesContact(built);
  // A field the sheet gives (even empty: the service then uses it for this document) is the sheet's.
  const value = (field: "contactAddress" | "contactTaxId" | "contactBranch"): { known: boolean; v: unknown } => {
    if (body[field] !== undefined || doc.unreadable.has(field)) return { known: true, v: body[field] };
    if (!leftToContact) return { known: true, v: undefined };
    return contact ? { known: true, v: contact[field] } : { known: false, v: undefined };
  };
  // Said of the contact when the value came from it (the check never has one).
  const name = leftToContact && contact ? String(contact.contactName ?? body.contactName ?? "") : undefined;
  const warn = (key: string, message: Message): CellFinding => pinFinding(doc, layout, { key }, message, "warning");
  const out: CellFinding[] = [];
  // The goods or services of each line (s.86/4): a line with neither a name nor a description
  // would be a tax invoice that says nothing of what was sold (a header only suggested, สินค้า
  // unmapped, leaves every line so).
  const items = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : [];
  items.forEach((item, line) => {
    if (!filled(item.name) && !filled(item.description) && doc.lines[line] && !doc.lines[line].unreadable.has("item.name")) {
      out.push(pinFinding(doc, layout, { key: "item.name", line }, sheetMsg("taxInvoiceNoGoods"), "warning"));
    }
  });
  // The buyer's name is the contact rules' business (contactId or contactName, an error).
  const address = value("contactAddress");
  if (address.known && !filled(address.v) && !doc.unreadable.has("contactAddress")) {
    out.push(warn("contactAddress", name === undefined ? sheetMsg("taxInvoiceNoAddress") : sheetMsg("taxInvoiceNoAddressContact", { name })));
  }
  const taxId = value("contactTaxId");
  // A tax id typed in the sheet was read already (tax-id.ts: a wrong one is an error at its cell).
  if (!taxId.known || doc.unreadable.has("contactTaxId") || !filled(taxId.v)) return out;
  const given = String(taxId.v);
  if (!isValidTaxId(given.replace(/[\s-]/g, ""))) {
    out.push(warn("contactTaxId", name === undefined
      ? sheetMsg("taxInvoiceBadTaxId", { taxId: given }) : sheetMsg("taxInvoiceBadTaxIdContact", { taxId: given, name })));
  }
  const branch = value("contactBranch");
  if (!branch.known || doc.unreadable.has("contactBranch")) return out;
  if (!filled(branch.v)) {
    out.push(warn("contactBranch", name === undefined ? sheetMsg("taxInvoiceNoBranch") : sheetMsg("taxInvoiceNoBranchContact", { name })));
  } else if (name !== undefined && body.contactBranch === undefined && !readBranch(branch.v).ok) {
    // A branch typed in the sheet was read already; the contact's is judged here.
    out.push(warn("contactBranch", sheetMsg("taxInvoiceBadBranchContact", { branch: String(branch.v), name })));
  }
  return out;
}
