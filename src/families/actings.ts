// How the act job (jobs/act.ts) treats a family's records, the part that differs per family: what
// its rows take of the service's answer to an act, and whether the documents' own acts (payment,
// upgrade, e-mail, share, attach) go to its records. Status, delete and PDF go through the entry's
// store (types.ts RecordStore) whatever the family; which acts a family offers is its card's.
import type { DocumentRecord } from "../api";
import { isFamily, type Family, type SheetFamily } from "../rules/codes";
import type { SheetDocument, SheetLayout } from "../sheet/sheet-document";
import { serviceCopy } from "../sheet/service-copy";
import { answerWrites } from "../sheet/writeback";
import type { Block, CellWrite } from "../workbook/port";

export interface Acting {
  /** The cells of a record's rows that the service's answer to an act (a status set, a payment, an
   * upgrade of it) brings in step: the document's totals, VAT and fingerprint as the service now has
   * them. None where the sheet keeps none of them (certificates). */
  answerWrites(doc: SheetDocument, layout: SheetLayout, answer: DocumentRecord, block: Block): CellWrite[];
  /** The document family whose routes (client.documents) the documents' own acts go to; absent
   * where the family's records are not documents (its card offers none of those acts). */
  readonly documents?: Family;
}

const NOT_DOCUMENTS: Acting = { answerWrites: () => [] };

export function actingOf(family: SheetFamily): Acting {
  if (!isFamily(family)) return NOT_DOCUMENTS;
  return { documents: family, answerWrites: (doc, layout, answer, block) => answerWrites(doc, layout, serviceCopy(answer), block) };
}
