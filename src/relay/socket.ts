// The relay's WebSocket (`/relay-socket` beside `/relay/`): the task pane sends its small requests
// over one socket instead of one fetch each (frames.ts says why), and the relay sends each on to the
// service over HTTP exactly as `/relay/<name>/...` does: the same roots, the same headers passed in
// and out, nothing kept. A socket is accepted only from the add-in's own pages (`refuse`: the
// Host/Origin guard), since browsers let any site open a WebSocket to any host.
import { validateHeaderValue, type IncomingMessage, type Server as HttpServer } from "node:http";
import type { Server as HttpsServer } from "node:https";
import type { Duplex } from "node:stream";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { watchPressure, type PressureLimits } from "./backpressure";
import { encodeAnswer, parseRequest, SOCKET_MAX_FRAME, type SocketRequest } from "./frames";
import { CLIENT_ADDRESS_HEADER } from "../service/http/client-address";
import { answerHeaders, envelope, FORWARD_REQUEST, forward, relayTarget, type RelayRoots } from "./relay";

/** Requests one socket may have at the service at once (the pane sends at most a handful). */
const MAX_IN_FLIGHT = 64;
const JSON_TYPE = { "content-type": "application/json; charset=utf-8" };

export interface RelaySocketOptions extends PressureLimits {
  /** The relay's prefix ("/relay"); the socket is at prefix + "-socket". */
  prefix?: string;
  /** Why an upgrade is refused (the Host/Origin guard), or undefined to accept it. */
  refuse?: (req: IncomingMessage) => string | undefined;
}

/** The socket's path for a relay prefix: "/relay" → "/relay-socket". */
export function socketPath(prefix = "/relay"): string {
  return `${prefix}-socket`;
}

/** Each socket's backpressure check (backpressure.ts). */
const pressureOf = new WeakMap<WebSocket, () => void>();

function send(ws: WebSocket, id: number, status: number, headers: Record<string, string>, body: Uint8Array): void {
  if (ws.readyState !== ws.OPEN) return;
  const check = pressureOf.get(ws);
  ws.send(encodeAnswer({ id, status, headers }, body), () => check?.());
  check?.();
}

function refusal(ws: WebSocket, id: number, status: number, message: string): void {
  send(ws, id, status, JSON_TYPE, Buffer.from(envelope(status, message)));
}

/** Forwards one request, as the HTTP relay does, and sends its answer unless it was cancelled. */
function relayOne(ws: WebSocket, m: SocketRequest, target: string, inFlight: Map<number, AbortController>, address: string | undefined): void {
  const headers: Record<string, string> = {};
  for (const name of FORWARD_REQUEST) if (m.headers[name] !== undefined) headers[name] = m.headers[name];
  if (address) headers[CLIENT_ADDRESS_HEADER] = address;
  // A frame's headers come from a page, not Node's parser: one HTTP cannot carry (a line break,
  // a character past Latin-1) is the request's 400, not the service's 502.
  try {
    for (const [name, value] of Object.entries(headers)) validateHeaderValue(name, value);
  } catch {
    return refusal(ws, m.id, 400, "a header of the request is malformed");
  }
  const body = m.body !== undefined && m.method !== "GET" && m.method !== "HEAD" ? Buffer.from(m.body) : undefined;
  if (body) headers["content-length"] = String(body.length);
  const ctl = new AbortController();
  inFlight.set(m.id, ctl);
  forward(target, m.method, headers, body, ctl.signal).then(
    (upstream) => {
      if (!ctl.signal.aborted) send(ws, m.id, upstream.status, answerHeaders(upstream), upstream.body);
    },
    () => {
      if (!ctl.signal.aborted) refusal(ws, m.id, 502, "the service could not be reached");
    },
  ).finally(() => {
    if (inFlight.get(m.id) === ctl) inFlight.delete(m.id);
  });
}

function serve(ws: WebSocket, roots: RelayRoots, prefix: string, limits: PressureLimits, address: string | undefined): void {
  const inFlight = new Map<number, AbortController>();
  pressureOf.set(ws, watchPressure(ws, limits));
  ws.on("message", (data, isBinary) => {
    try {
      onMessage(data, isBinary);
    } catch {
      ws.close(1011, "relay failure"); // a mistake of ours ends this socket, not the relay
    }
  });
  const onMessage = (data: RawData, isBinary: boolean): void => {
    const m = isBinary ? undefined : parseRequest(String(data));
    if (!m) return void ws.close(1008, "not a relay request");
    if ("cancel" in m) {
      inFlight.get(m.id)?.abort();
      inFlight.delete(m.id);
      return;
    }
    if (inFlight.has(m.id)) return void ws.close(1008, "request id in use");
    if (inFlight.size >= MAX_IN_FLIGHT) return refusal(ws, m.id, 503, "too many requests at once on the relay socket");
    const target = relayTarget(roots, `${prefix}${m.path}`, prefix);
    if (!target) return refusal(ws, m.id, 404, "unknown relay root");
    relayOne(ws, m, target, inFlight, address);
  };
  // A pane gone (closed, reloaded) reads no answer: what it had in flight is dropped here too. Its
  // creates are outcome-unknown to it, as with a fetch cut off, and a re-post finds them by marker.
  ws.on("close", () => {
    for (const ctl of inFlight.values()) ctl.abort();
    inFlight.clear();
  });
  ws.on("error", () => undefined);
}

/** Answers an upgrade with an HTTP refusal in the envelope, and closes. */
function refuseUpgrade(socket: Duplex, status: number, reason: string, message: string): void {
  const body = envelope(status, message);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

/** The path an upgrade asks for; undefined when its target does not parse ("http://["). */
function upgradePath(url: string | undefined): string | undefined {
  try {
    return new URL(url ?? "/", "http://relay.invalid").pathname;
  } catch {
    return undefined;
  }
}

/** Serves the relay socket on `server`; answers a function that stops it. */
export function attachRelaySocket(server: HttpServer | HttpsServer, roots: RelayRoots, opts: RelaySocketOptions = {}): () => void {
  const prefix = opts.prefix ?? "/relay";
  const path = socketPath(prefix);
  const wss = new WebSocketServer({ noServer: true, maxPayload: SOCKET_MAX_FRAME, perMessageDeflate: false });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const asked = upgradePath(req.url);
    // A target no handler can route ("http://[") is refused here, or it would hang unanswered.
    if (asked === undefined) return void refuseUpgrade(socket, 400, "Bad Request", "The request's path is malformed");
    if (asked !== path) {
      // Another upgrade (webpack-dev-server's live reload) is its own handler's; with none, refused.
      if (server.listenerCount("upgrade") === 1) socket.destroy();
      return;
    }
    const why = opts.refuse?.(req);
    if (why !== undefined) return void refuseUpgrade(socket, 403, "Forbidden", why);
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws, roots, prefix, opts, req.socket.remoteAddress));
  };
  server.on("upgrade", onUpgrade);
  return () => {
    server.off("upgrade", onUpgrade);
    for (const ws of wss.clients) ws.terminate();
    wss.close();
  };
}
