// A book's rows → the bodies the service takes, every problem pinned to its cell: each record built
// by its family's builder (families/sheets.ts; the builders are builders.ts), then the rows naming
// one record found (identity.ts). Check and post both build through checkBook, so a post sends
// nothing check refuses. Pure.
import { familySheet } from "../../families/sheets";
import type { BookFamily } from "../../rules/codes";
import type { CellFinding } from "../findings";
import type { ReadResult, SheetDocument } from "../sheet-document";
import type { AccountIndex } from "./accounts";
import type { BookContext } from "./builders";
import type { BuiltBook } from "./built";
import { repeatedRecords } from "./identity";
export type { BookContext } from "./builders";
export type { BuiltBook } from "./built";

export function buildBook(family: BookFamily, doc: SheetDocument, ctx: BookContext, marker?: string): BuiltBook {
  const build = familySheet(family).buildBook;
  if (!build) throw new Error(`no builder for ${family}`);
  return build(doc, ctx, marker);
}

/** Every record of a book's sheet built and checked: the reader's findings, the rules', and rows
 * naming one record (identity.ts). `markerOf`: the row's marker (a post's journal vouchers carry it). */
export function checkBook(read: ReadResult, family: BookFamily, accounts?: AccountIndex, markerOf?: (doc: SheetDocument) => string): { built: BuiltBook[]; findings: CellFinding[] } {
  const ctx: BookContext = { layout: read.layout, accounts };
  const built = read.documents.map((doc) => buildBook(family, doc, ctx, markerOf?.(doc)));
  // Pinned to their rows' records too: a row in a clash is not sent.
  const repeated = repeatedRecords(family, built, read.layout);
  for (const f of repeated) built.find((b) => b.doc.rows.includes(f.row))?.findings.push(f);
  return { built, findings: [...read.findings, ...built.flatMap((b) => b.findings)] };
}
