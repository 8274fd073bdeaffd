// The pane's fetch for the relay: requests to the relay go over one WebSocket to it (the relay's
// `/relay-socket`, src/relay/socket.ts), where each costs the browser a tenth of a fetch; uploads
// (a body that is not text, or a big one) and everything else go by fetch. When the socket cannot
// be opened (an old relay, a proxy that drops WebSockets) requests go by fetch, and the socket is
// tried again later. A request the socket loses (it closes before the answer) fails as a fetch cut
// off does, with a TypeError: the client then treats a create as outcome-unknown, never as not sent.
import type { FetchLike } from "../api/transport";
import { decodeAnswer, SOCKET_BODY_CHARS, type SocketRequest } from "../relay/frames";

/** What the pane needs of a WebSocket (the browser's; the `ws` package's in tests). */
interface SocketLike {
  readonly readyState: number;
  binaryType: string;
  send(data: string): void;
  close(): void;
  // `never`: the browser's and the ws package's event types both fit; only `data` is read.
  onopen: ((ev: never) => void) | null;
  onmessage: ((ev: never) => void) | null;
  onclose: ((ev: never) => void) | null;
  onerror: ((ev: never) => void) | null;
}

export interface RelayFetchOptions {
  fetch?: FetchLike;
  WebSocket?: new (url: string) => SocketLike;
  /** How long a socket may take to open before the request goes by fetch. */
  openTimeoutMs?: number;
  /** After a socket failed to open, requests go by fetch this long before it is tried again. */
  retryAfterMs?: number;
  now?: () => number;
}

const OPEN = 1;
/** Statuses whose Response may not have a body. */
const NO_BODY = new Set([101, 204, 205, 304]);

interface Waiting {
  resolve: (res: Response) => void;
  reject: (err: unknown) => void;
  done: () => void;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

/** The socket's address for a relay base: "https://host/relay" → "wss://host/relay-socket". */
export function socketUrl(relayBase: string): string {
  return `${relayBase.replace(/\/+$/, "").replace(/^http/, "ws")}-socket`;
}

export function relayFetch(relayBase: string, opts: RelayFetchOptions = {}): FetchLike {
  const base = relayBase.replace(/\/+$/, "");
  const plain: FetchLike = opts.fetch ?? ((input, init) => fetch(input, init));
  const Socket = opts.WebSocket ?? (typeof WebSocket === "function" ? (WebSocket as unknown as new (url: string) => SocketLike) : undefined);
  const openTimeoutMs = opts.openTimeoutMs ?? 5_000;
  const retryAfterMs = opts.retryAfterMs ?? 60_000;
  const now = opts.now ?? (() => Date.now());
  const waiting = new Map<number, Waiting>();
  let socket: SocketLike | null = null;
  let opening: Promise<SocketLike | null> | null = null;
  let failedAt = -Infinity;
  let lastId = 0;

  /** Every request still waiting on a socket that closed: lost, as a fetch cut off. */
  function lose(): void {
    const lost = [...waiting.values()];
    waiting.clear();
    for (const w of lost) {
      w.done();
      w.reject(new TypeError("Failed to fetch: the connection to the relay closed"));
    }
  }

  function take(data: unknown): void {
    const answer = data instanceof ArrayBuffer ? decodeAnswer(data) : undefined;
    const w = answer && waiting.get(answer.head.id);
    if (!answer || !w) return;
    waiting.delete(answer.head.id);
    w.done();
    const { status, headers } = answer.head;
    if (status < 200 || status > 599) return w.reject(new TypeError(`Failed to fetch: the relay answered status ${status}`));
    w.resolve(new Response(NO_BODY.has(status) ? null : answer.body, { status, headers }));
  }

  function open(): Promise<SocketLike | null> {
    if (socket?.readyState === OPEN) return Promise.resolve(socket);
    if (opening) return opening;
    if (!Socket || now() - failedAt < retryAfterMs) return Promise.resolve(null);
    opening = new Promise<SocketLike | null>((resolve) => {
      let ws: SocketLike;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let settled = false;
      const failed = (): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        failedAt = now();
        opening = null;
        resolve(null);
      };
      try {
        ws = new Socket(socketUrl(base));
      } catch {
        return failed();
      }
      ws.binaryType = "arraybuffer";
      timer = setTimeout(() => {
        failed();
        ws.close();
      }, openTimeoutMs);
      ws.onopen = () => {
        if (settled) return ws.close(); // opened after its time: the request went by fetch
        settled = true;
        clearTimeout(timer);
        socket = ws;
        opening = null;
        resolve(ws);
      };
      ws.onmessage = (ev: { data: unknown }) => take(ev.data);
      ws.onclose = () => {
        if (socket !== ws) return failed();
        socket = null;
        lose();
      };
      ws.onerror = () => undefined; // a close follows
    });
    return opening;
  }

  return async (input, init = {}) => {
    const body = init.body;
    const small = body === undefined || body === null || (typeof body === "string" && body.length <= SOCKET_BODY_CHARS);
    if (!input.startsWith(`${base}/`) || !small) return plain(input, init);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) throw abortReason(signal);
    const ws = await open();
    if (signal?.aborted) throw abortReason(signal);
    if (!ws || ws.readyState !== OPEN) return plain(input, init);
    const id = ++lastId;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const message: SocketRequest = { id, method: (init.method ?? "GET").toUpperCase(), path: input.slice(base.length), headers, ...(typeof body === "string" ? { body } : {}) };
    return new Promise<Response>((resolve, reject) => {
      const onAbort = (): void => {
        if (!waiting.delete(id)) return;
        if (ws.readyState === OPEN) ws.send(JSON.stringify({ id, cancel: true }));
        reject(abortReason(signal!));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      const done = (): void => signal?.removeEventListener("abort", onAbort);
      waiting.set(id, { resolve, reject, done });
      try {
        ws.send(JSON.stringify(message));
      } catch {
        waiting.delete(id);
        done();
        reject(new TypeError("Failed to fetch: the connection to the relay closed"));
      }
    });
  };
}
