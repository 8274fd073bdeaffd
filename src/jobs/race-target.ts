// What a race guard reads back and removes (race.ts), as types only: the family entries name a
// family's target (families/posting.ts) without loading the guard.
import type { DocumentRecord } from "../api";
import type { Message } from "../rules/message";

/** What a row says of a copy that stays live beside the row's record (the family's words): the
 * loser of a race (`lostAnswer` false), or a copy a create whose answer was lost could not sweep
 * away; undefined: the default words (void it), and a copy left by a sweep is its own post's. */
export type StuckWords = (params: { serial: string; winner: string; id: number; reason?: Message; lostAnswer: boolean }) => Message | undefined;

/** One read-back's list: the created records' dates, and their contacts' names ("" for any). */
export interface RaceLook {
  startDate: string;
  endDate: string;
  names: ReadonlySet<string>;
  signal?: AbortSignal;
}

/** What a race guard reads back and removes. */
export interface RaceTarget {
  /** The live records of the look carrying the wanted markers, by marker, lowest record id first. */
  holders(look: RaceLook, wanted: ReadonlySet<string>): Promise<Map<string, DocumentRecord[]>>;
  /** Takes a loser off the service ("deleted" or "voided"); throws where it cannot. */
  remove(doc: DocumentRecord, signal?: AbortSignal): Promise<"deleted" | "voided">;
  /** What became of a record another post may have removed: "deleted", "voided", or still live. */
  gone(doc: DocumentRecord, signal?: AbortSignal): Promise<"deleted" | "voided" | undefined>;
}
