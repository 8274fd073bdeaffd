// Share links in the share_links table: one link per document and culture (asking again answers
// the same link), found again only while the document is live, so deleting the document revokes it.
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../store/database";
import { documents, shareLinks } from "../store/schema";
import type { DocumentRow } from "../documents/repository";
import type { Family } from "../../rules/codes";
import type { Db } from "../store/database";
import { loadDocument } from "../documents/lifecycle";
import { newShareToken } from "./token";

export async function shareLinkFor(tx: Tx, companyId: number, documentId: number, culture: string): Promise<string> {
  const [existing] = await tx.select({ token: shareLinks.token }).from(shareLinks)
    .where(and(eq(shareLinks.companyId, companyId), eq(shareLinks.documentId, documentId), eq(shareLinks.culture, culture)));
  if (existing) return existing.token;
  const token = newShareToken();
  await tx.insert(shareLinks).values({ token, companyId, documentId, culture });
  return token;
}

/** The live document a token opens, with the culture the link was made for. */
export async function sharedDocument(tx: Tx, token: string): Promise<{ row: DocumentRow; culture: "th" | "en" } | null> {
  const [hit] = await tx.select({ row: documents, culture: shareLinks.culture }).from(shareLinks)
    .innerJoin(documents, and(eq(documents.id, shareLinks.documentId), sql`not ${documents.deleted}`))
    .where(eq(shareLinks.token, token));
  return hit ? { row: hit.row, culture: hit.culture === "en" ? "en" : "th" } : null;
}

/** POST {family}/sharedocument: the company's document (locked while its link is made) and its token. */
export function shareDocument(db: Db, companyId: number, family: Family, documentId: number, culture: string): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await loadDocument(tx, companyId, family, documentId, true);
    return shareLinkFor(tx, companyId, row.id, culture);
  });
}
