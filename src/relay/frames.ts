// The relay socket's messages, shared by the relay (Node) and the task pane (browser): one WebSocket
// from the pane to the relay carries many requests, each as a text frame, and each answer as one
// binary frame. A fetch costs Chromium about 4 ms of CPU on a small machine (renderer, network
// service and browser process); a socket message a tenth of that.

/** A request the pane sends: `path` is what follows the relay's prefix ("/local/tax-invoices?x=1"). */
export interface SocketRequest {
  id: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Drops the request `id`: its answer will not be read. */
export interface SocketCancel {
  id: number;
  cancel: true;
}

export interface AnswerHead {
  id: number;
  status: number;
  headers: Record<string, string>;
}

/** Largest request body sent over the socket; a bigger one (an upload) goes by fetch, streamed. */
export const SOCKET_BODY_CHARS = 256 * 1024;
/** Largest frame the relay reads from a pane: the body at 3 bytes a character, and its envelope. */
export const SOCKET_MAX_FRAME = SOCKET_BODY_CHARS * 3 + 64 * 1024;

/** An answer as one frame: the head's length (4 bytes, big-endian), the head as JSON, the body. */
export function encodeAnswer(head: AnswerHead, body: Uint8Array): Uint8Array {
  const headBytes = new TextEncoder().encode(JSON.stringify(head));
  const frame = new Uint8Array(4 + headBytes.length + body.length);
  new DataView(frame.buffer).setUint32(0, headBytes.length);
  frame.set(headBytes, 4);
  frame.set(body, 4 + headBytes.length);
  return frame;
}

/** The answer in a frame; undefined when the frame is not one. */
export function decodeAnswer(frame: ArrayBuffer): { head: AnswerHead; body: Uint8Array<ArrayBuffer> } | undefined {
  if (frame.byteLength < 4) return undefined;
  const length = new DataView(frame).getUint32(0);
  if (4 + length > frame.byteLength) return undefined;
  try {
    const head = JSON.parse(new TextDecoder().decode(new Uint8Array(frame, 4, length))) as AnswerHead;
    if (typeof head?.id !== "number" || typeof head.status !== "number" || typeof head.headers !== "object" || head.headers === null) return undefined;
    return { head, body: new Uint8Array(frame, 4 + length) };
  } catch {
    return undefined;
  }
}

/** The request in a text frame, checked field by field (a frame comes from a page); undefined when
 * it is not one. */
export function parseRequest(text: string): SocketRequest | SocketCancel | undefined {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof m !== "object" || m === null) return undefined;
  const r = m as Record<string, unknown>;
  if (!Number.isSafeInteger(r.id)) return undefined;
  const id = r.id as number;
  if (r.cancel === true) return { id, cancel: true };
  if (typeof r.method !== "string" || !/^(GET|POST|PUT|PATCH|DELETE|HEAD)$/.test(r.method)) return undefined;
  if (typeof r.path !== "string" || !r.path.startsWith("/")) return undefined;
  if (r.body !== undefined && typeof r.body !== "string") return undefined;
  if (typeof r.headers !== "object" || r.headers === null) return undefined;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) if (typeof v === "string") headers[k.toLowerCase()] = v;
  return { id, method: r.method, path: r.path, headers, ...(r.body === undefined ? {} : { body: r.body }) };
}
