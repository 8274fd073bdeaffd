// Finding documents a post created earlier, by the marker in their internalNotes: before a run
// (documents a killed run created), after a create whose answer was lost, and after every create
// (the race guard, jobs/race.ts). Void ones never count.
import type { DocSheetClient, DocumentRecord, FilterTerm } from "../api";
import type { Family } from "../rules/codes";
import { MARKER_PREFIX, hasMarker } from "../sheet/marker";

export interface MarkerSearch {
  /** YYYY-MM-DD bounds of the documents' publishedOn. */
  startDate: string;
  endDate: string;
  searchString?: string;
  /** The list's filter (the race guard's read-back: several contact names, joined by Or). */
  filter?: readonly FilterTerm[];
  signal?: AbortSignal;
}

/**
 * Every live document of the family in the date range whose internalNotes carry a docsheet marker,
 * by marker, lowest record id first. Lists that leave internalNotes out are completed by reading
 * the document.
 */
export async function markerHolders(client: DocSheetClient, family: Family, search: MarkerSearch, wanted?: ReadonlySet<string>): Promise<Map<string, DocumentRecord[]>> {
  const api = client.documents(family);
  const found = new Map<string, DocumentRecord[]>();
  const query = { range: 5, startDate: search.startDate, endDate: search.endDate, searchString: search.searchString, filter: search.filter };
  for await (const page of api.listAll(query, { signal: search.signal })) {
    for (const rec of page.list) {
      // A void document is no row's document any more (undo voids what it cannot delete, the race
      // guard voids a loser): the row is posted again as new, not tied back to it.
      if (rec.statusString === "void") continue;
      let notes = rec.internalNotes;
      if (notes === undefined) notes = (await api.get(rec.recordId, { signal: search.signal })).internalNotes;
      if (typeof notes !== "string" || !notes.includes(MARKER_PREFIX)) continue;
      for (const line of notes.split(/\r?\n/)) {
        const m = line.trim();
        if (!m.startsWith(MARKER_PREFIX) || !hasMarker(notes, m)) continue;
        if (wanted && !wanted.has(m)) continue;
        const list = found.get(m) ?? [];
        if (!list.some((r) => r.recordId === rec.recordId)) list.push({ ...rec, internalNotes: notes });
        found.set(m, list);
      }
    }
  }
  for (const list of found.values()) list.sort((a, b) => a.recordId - b.recordId);
  return found;
}

/** The one document of each marker: the lowest record id, the one every post agrees on (jobs/race.ts). */
export async function documentsByMarker(client: DocSheetClient, family: Family, search: MarkerSearch, wanted?: ReadonlySet<string>): Promise<Map<string, DocumentRecord>> {
  const holders = await markerHolders(client, family, search, wanted);
  return new Map([...holders].map(([m, list]) => [m, list[0]]));
}
