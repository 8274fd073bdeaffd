// Withholding tax certificates found again by the marker each carries in its internalNotes, as
// documents are (find.ts), and the race guard's target for them (race.ts): the list takes only a
// search text, so a read-back lists each payee's certificates by name (every certificate for a
// payee without one), and a loser is set back to awaiting and deleted, or voided where the service
// will not delete it, as undo does.
import { NotFoundError, type DocSheetClient, type DocumentRecord, type WithholdingTaxRecord } from "../api";
import { MARKER_PREFIX, hasMarker } from "../sheet/marker";
import type { RaceTarget } from "./race";
import { runPool } from "./pool";
import { isConnectionFailure } from "./stop";

/** A certificate as the guard reads records (its record id a number). */
export const certificateRecord = (rec: WithholdingTaxRecord): DocumentRecord => ({ ...rec, recordId: Number(rec.recordId) }) as DocumentRecord;

/** The payees' live certificates that carry a marker, by marker, every holder (lowest record id first). */
export async function certificateHolders(client: DocSheetClient, names: Iterable<string>, signal?: AbortSignal, wanted?: ReadonlySet<string>): Promise<Map<string, DocumentRecord[]>> {
  const found = new Map<string, DocumentRecord[]>();
  // A list per payee, a few at once: the read-back of ten certificates asks for ten payees.
  await runPool([...new Set(names)], 4, async (name) => {
    for await (const page of client.withholdingTaxes.listAll(name ? { searchString: name } : {}, { signal })) {
      for (const raw of page.list) {
        const rec = certificateRecord(raw);
        if (rec.statusString === "void" || typeof rec.internalNotes !== "string" || !rec.internalNotes.includes(MARKER_PREFIX)) continue;
        for (const line of rec.internalNotes.split(/\r?\n/)) {
          const m = line.trim();
          if (!m.startsWith(MARKER_PREFIX) || !hasMarker(rec.internalNotes, m) || (wanted && !wanted.has(m))) continue;
          const had = found.get(m) ?? [];
          if (!had.some((h) => h.recordId === rec.recordId)) found.set(m, [...had, rec]);
        }
      }
    }
  });
  for (const holders of found.values()) holders.sort((a, b) => a.recordId - b.recordId);
  return found;
}

/** Takes a certificate off the service as undo does: set back to awaiting and deleted, voided when the service will not delete it. */
export async function removeCertificate(client: DocSheetClient, id: number, status: unknown, signal?: AbortSignal): Promise<"deleted" | "voided"> {
  try {
    if (status !== "awaiting") await client.withholdingTaxes.setStatus(id, "awaiting", { signal });
    await client.withholdingTaxes.delete(id, { signal });
    return "deleted";
  } catch (err) {
    if (isConnectionFailure(err)) throw err;
    // Swept by a post that lost the answer to its create (it removes every later holder).
    if (err instanceof NotFoundError) return "deleted";
    await client.withholdingTaxes.setStatus(id, "void", { signal });
    return "voided";
  }
}

export function certificateRaces(client: DocSheetClient): RaceTarget {
  return {
    holders: (look, wanted) => certificateHolders(client, look.names, look.signal, wanted),
    remove: (doc, signal) => removeCertificate(client, doc.recordId, doc.statusString, signal),
    gone: async (doc, signal) => {
      try {
        return (await client.withholdingTaxes.get(doc.recordId, { signal })).statusString === "void" ? "voided" : undefined;
      } catch (err) {
        return err instanceof NotFoundError ? "deleted" : undefined;
      }
    },
  };
}
