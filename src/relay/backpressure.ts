// Bounded memory per client on the relay socket: a pane that sends requests but does not read its
// answers (a paused or hostile client) made the relay hold every answer, 116 → 475 MB in 45 s, kept
// after the socket closed. While a socket's unsent answers exceed SOCKET_UNSENT_MAX the relay reads
// none of its frames (TCP then holds the client back), and a socket that stays over it for
// SOCKET_STALL_MS is closed, its buffers with it.
import type { WebSocket } from "ws";

/** Unsent answer bytes one socket may have before its frames are no longer read. */
export const SOCKET_UNSENT_MAX = 4 * 1024 * 1024;
/** How long a socket may stay over SOCKET_UNSENT_MAX before it is closed. */
export const SOCKET_STALL_MS = 30_000;

export interface PressureLimits {
  maxUnsentBytes?: number;
  stallMs?: number;
}

/** Watches one socket; answers the check to run after each send and when a send is flushed. */
export function watchPressure(ws: WebSocket, limits: PressureLimits = {}): () => void {
  const max = limits.maxUnsentBytes ?? SOCKET_UNSENT_MAX;
  const stallMs = limits.stallMs ?? SOCKET_STALL_MS;
  let stall: ReturnType<typeof setTimeout> | undefined;
  const check = (): void => {
    if (ws.readyState !== ws.OPEN) return;
    const over = ws.bufferedAmount > max;
    if (over && stall === undefined) {
      ws.pause();
      stall = setTimeout(() => ws.terminate(), stallMs);
    } else if (!over && stall !== undefined) {
      clearTimeout(stall);
      stall = undefined;
      ws.resume();
    }
  };
  ws.on("close", () => clearTimeout(stall));
  return check;
}
