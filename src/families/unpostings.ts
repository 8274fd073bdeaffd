// How undo takes a family's record off the service (jobs/undo.ts), the way its entry's `undo` names,
// beside the entries rather than in them, as postings.ts is: a document is deleted where the service
// deletes it (an awaiting quotation or billing note) and voided otherwise; a certificate is set back
// to awaiting and deleted, voided where the service will not delete it; a contact or product is
// deleted (a contact only once nothing names it: the entry's namedByOthers, jobs/undo.ts); a journal
// voucher has no delete (service-facts §5.7), so undo keeps it.
import type { DocSheetClient } from "../api";
import type { Family } from "../rules/codes";
import type { Json } from "../rules/json";
import { removeCertificate } from "../jobs/certificate-race";
import type { FamilyEntry, UndoWay } from "./types";

export interface Unposting {
  /** What undo does to the record as the service has it now (a dry run says it). */
  way(copy: Json): "delete" | "void";
  /** Does it: deleted, or voided where the service would not delete it after all. */
  run(client: DocSheetClient, id: number, copy: Json, signal?: AbortSignal): Promise<"deleted" | "voided">;
}

function documentUnposting(entry: FamilyEntry<Family>): Unposting {
  // Deleted where the service deletes it (the spec's DELETE of an awaiting one); else voided.
  const deletes = (copy: Json): boolean => entry.deletedWhileAwaiting === true && copy.statusString === "awaiting";
  return {
    way: (copy) => (deletes(copy) ? "delete" : "void"),
    run: async (client, id, copy, signal) => {
      const api = client.documents(entry.name);
      if (deletes(copy)) {
        await api.delete(id, { signal });
        return "deleted";
      }
      await api.setStatus(id, "void", { signal });
      return "voided";
    },
  };
}

const CERTIFICATE_UNPOSTING: Unposting = {
  way: () => "delete",
  run: (client, id, copy, signal) => removeCertificate(client, id, copy.statusString, signal),
};

/** A contact or product: deleted. */
function deletion(entry: FamilyEntry, client: DocSheetClient): Unposting | undefined {
  const remove = entry.store(client).delete;
  return remove && {
    way: () => "delete",
    run: async (_client, id, _copy, signal) => {
      await remove(id, signal);
      return "deleted";
    },
  };
}

/** Each entry's way (its `undo`), made for a connection; undefined where there is none. */
const WAYS: Record<UndoWay, (entry: FamilyEntry, client: DocSheetClient) => Unposting | undefined> = {
  void: (entry) => documentUnposting(entry as FamilyEntry<Family>),
  withdraw: () => CERTIFICATE_UNPOSTING,
  delete: deletion,
  keep: () => undefined,
};

/** The family's way off the service; undefined where the service has none (undo keeps the record). */
export function unpostingOf(entry: FamilyEntry, client: DocSheetClient): Unposting | undefined {
  return WAYS[entry.undo](entry, client);
}
