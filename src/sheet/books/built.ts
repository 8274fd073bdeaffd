// What a book's sheet builds into: a record's body by family, apart from the builders so that
// the checks over built records (identity.ts) import no builder.
import type { JournalEntryBody, ContactBody, ProductBody } from "../../rules/schemas/bodies";
import type { Json } from "../../rules/json";
import type { CellFinding } from "../findings";
import type { SheetDocument } from "../sheet-document";
import type { ChartAccount } from "./accounts";

interface BuiltBase {
  doc: SheetDocument;
  findings: CellFinding[];
  /** A product with accounts, as a product master (POST/PUT /product-masters); `body` is the
   * same product as /products takes it. */
  master?: Json;
  /** Journal lines' accounts as found in the chart (for a pulled sheet's names). */
  accounts?: (ChartAccount | undefined)[];
}

/** A record of a book's sheet and the body to send (undefined when its rows could not be read or
 * hold problems), typed by its family. Cells are read untyped: the builders check every
 * field a body needs before they give one (builders.ts). */
export type BuiltBook = BuiltBase & (
  | { family: "journal-entries"; body?: JournalEntryBody }
  | { family: "contacts"; body?: ContactBody }
  | { family: "products"; body?: ProductBody }
);
