// The caller's address for the service's per-address limits (/token's failed grants). Behind the
// add-in's relay every pane arrives from the relay's one address, so 30 failed grants of one client
// locked every client out; the relay says whom it relayed in CLIENT_ADDRESS_HEADER, and the service
// believes it only from the relays it is configured to trust (DOCSHEET_TRUSTED_RELAYS, comma-
// separated addresses): from anyone else the header is the caller's to forge.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Ctx } from "./context";

/** Set by the relay alone (a client's own copy is never forwarded). */
export const CLIENT_ADDRESS_HEADER = "x-docsheet-client-address";

/** Addresses from a comma-separated list ("127.0.0.1, ::1"). */
export function parseAddressList(text: string | undefined): string[] {
  return (text ?? "").split(",").map((a) => a.trim()).filter(Boolean);
}

/** The caller's address: the socket's, or the relay's word for it when the socket is a trusted relay. */
export function clientAddressOf(c: Ctx, trustedRelays: readonly string[]): string {
  let socket = "";
  try {
    socket = getConnInfo(c as never).remote.address ?? "";
  } catch {
    return ""; // not served by node (an in-process fetch): no address to key on
  }
  const said = c.req.header(CLIENT_ADDRESS_HEADER);
  return said && trustedRelays.includes(socket) ? said.slice(0, 64) : socket;
}
