// The s.86/4 warnings of the documents a post sends (sheet/tax-invoice.ts), with the details of the
// contacts they name read from the service: the service fills a field the sheet leaves out from
// the contact, so that is where the buyer's address, tax id and branch then come from. A contact
// that cannot be read is not judged (the create itself will say what is wrong with it).
import type { Contact, DocSheetClient } from "../api";
import type { Family } from "../rules/codes";
import type { BuiltDocument } from "../sheet/body";
import type { CellFinding } from "../sheet/findings";
import type { SheetDocument, SheetLayout } from "../sheet/read";
import { isTaxInvoice, namesContact, taxInvoiceWarnings } from "../sheet/tax-invoice";
import { runPool } from "./pool";

const LEFT_TO_CONTACT = ["contactAddress", "contactTaxId", "contactBranch"];

export async function taxInvoiceFindings(
  client: DocSheetClient, family: Family, layout: SheetLayout, documents: readonly { doc: SheetDocument; built: BuiltDocument }[],
  signal?: AbortSignal,
): Promise<CellFinding[]> {
  const asked = documents.filter(({ built }) =>
    isTaxInvoice(family, built) && namesContact(built) && LEFT_TO_CONTACT.some((k) => built.body[k] === undefined));
  const ids = [...new Set(asked.map(({ built }) => Number(built.body.contactId)))];
  const contacts = new Map<number, Contact>();
  await runPool(ids, 4, async (id) => {
    try {
      contacts.set(id, await client.contacts.get(id, { signal }));
    } catch {
      // Not judged: the post goes on, and the create answers for a contact it cannot use.
    }
  }, () => signal?.aborted === true);
  return documents.flatMap(({ doc, built }) => {
    const contact = namesContact(built) ? contacts.get(Number(built.body.contactId)) : undefined;
    return taxInvoiceWarnings(doc, built, family, layout, contact);
  });
}
