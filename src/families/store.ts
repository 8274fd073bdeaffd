// A family's records on the service as one shape (RecordStore), whatever its routes.
import type { ListQuery } from "../api";
import { RANGE } from "../rules/codes";
import { SERIAL_PROOF } from "./proofs";
import type { Json, RecordStore } from "./types";

const PAGE = { pageSize: 200 };

interface Api {
  listAll(query: ListQuery, o: { signal?: AbortSignal }): AsyncGenerator<{ list: unknown[] }>;
  get(id: number, o: { signal?: AbortSignal }): Promise<unknown>;
  delete?(id: number, o: { signal?: AbortSignal }): Promise<unknown>;
  setStatus?(id: number, statusId: string, o: { signal?: AbortSignal }): Promise<unknown>;
  exportPdf?(id: number, options: { culture: "th" | "en" }, o: { signal?: AbortSignal }): Promise<string>;
}

/** The store over an API client's part (documents(family), contacts, products, ...). */
export function storeOf(api: Api, deletes = true): RecordStore {
  const store: RecordStore = {
    listAll: (signal, query = {}) => api.listAll({
      ...PAGE,
      ...(query.filter ? { filter: query.filter } : {}),
      // Dates as the document lists take them (a service that ignores them lists them all).
      ...(query.startDate && query.endDate ? { range: RANGE.DateRange, startDate: query.startDate, endDate: query.endDate } : {}),
    }, { signal }),
    get: async (id, signal) => (await api.get(id, { signal })) as Json,
  };
  if (deletes && api.delete) store.delete = (id, signal) => api.delete!(id, { signal });
  if (api.setStatus) store.setStatus = async (id, statusId, signal) => (await api.setStatus!(id, statusId, { signal })) as Json;
  if (api.exportPdf) store.exportPdf = (id, culture, signal) => api.exportPdf!(id, { culture }, { signal });
  return store;
}

/** The store of a family whose lists answer each record whole, by its dates (documents): its pages too. */
export function datedStoreOf(api: Api & { list(query: ListQuery, o: { signal?: AbortSignal }): Promise<{ list: unknown[]; total: number }> }): RecordStore {
  return {
    ...storeOf(api),
    datedPage: (q, signal) => api.list({ range: RANGE.DateRange, startDate: q.startDate, endDate: q.endDate, currentPage: q.page, pageSize: q.pageSize }, { signal }),
  };
}

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/** The first of a record's fields that has a value, else "#id". */
export function nameBy(...fields: string[]): (r: Json) => string {
  return (r) => {
    for (const f of fields) if (text(r[f])) return text(r[f]);
    return `#${String(r.recordId ?? r.id)}`;
  };
}

/** A record's id, whichever name its family's answers give it (recordId, id). */
export const recordIdOf = (r: Json): number => Number(r.recordId ?? r.id);

/** What documents and certificates share: no accounts, found again by the row's
 * marker in internalNotes (and known by it to undo), removed when a race is lost, named by
 * their serial. */
export const SERIAL_RECORDS = {
  usesAccounts: false,
  recovery: { by: "marker", field: "internalNotes" },
  proof: SERIAL_PROOF,
  identities: [],
  raceLoser: "delete",
  nameOf: nameBy("documentSerial"),
} as const;
