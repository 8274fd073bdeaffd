// The connections the pane remembers (environment, custom root, client id, and the company each
// reached; never the secret), newest first: offered in Connect, and the one a workbook was posted
// with is filled in when the pane opens on it.
import { sameCompany } from "../jobs/same-company";
import type { CompanyView, ConnectionForm } from "./views";

/** The connection last used (the form opens on it). */
const LAST = "docsheet.connection";
/** Every connection remembered, newest first. */
const LIST = "docsheet.connections";
const KEEP = 8;

export type RememberedConnection = Omit<ConnectionForm, "clientSecret"> & { company?: CompanyView };

function read<T>(storage: Storage | null, key: string, fallback: T): T {
  try {
    const text = storage?.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function rememberedForm(storage: Storage | null): Partial<ConnectionForm> {
  const saved = read<Partial<ConnectionForm>>(storage, LAST, {});
  return { environment: saved.environment, customRoot: saved.customRoot, clientId: saved.clientId };
}

export function rememberedConnections(storage: Storage | null): RememberedConnection[] {
  const list = read<unknown>(storage, LIST, []);
  return Array.isArray(list) ? list.filter((c): c is RememberedConnection => typeof c?.clientId === "string" && typeof c?.environment === "string") : [];
}

const sameTarget = (a: RememberedConnection, b: RememberedConnection): boolean =>
  a.environment === b.environment && a.clientId === b.clientId && (a.environment !== "custom" || a.customRoot === b.customRoot);

/** Remembers a connection as the last one and at the head of the list (with its company once known). */
export function remember(storage: Storage | null, form: ConnectionForm, company?: CompanyView): void {
  if (!storage) return;
  // Never the secret: only where to connect and as whom.
  const entry: RememberedConnection = { environment: form.environment, customRoot: form.customRoot, clientId: form.clientId };
  try {
    storage.setItem(LAST, JSON.stringify(entry));
    const known = rememberedConnections(storage);
    const old = known.find((c) => sameTarget(c, entry));
    const next = [{ ...entry, ...(company ?? old?.company ? { company: company ?? old?.company } : {}) }, ...known.filter((c) => !sameTarget(c, entry))];
    storage.setItem(LIST, JSON.stringify(next.slice(0, KEEP)));
  } catch {
    // A full or blocked storage: the pane still works, it just forgets.
  }
}

/** The remembered connection that reached this company, newest first. */
export function connectionFor(storage: Storage | null, company: CompanyView): RememberedConnection | undefined {
  return rememberedConnections(storage).find((c) => c.company && sameCompany(c.company, company));
}
