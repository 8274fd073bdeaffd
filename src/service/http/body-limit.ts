// The size limits of request bodies: every body but uploads stops at JSON_BODY_MAX_BYTES, answered
// 413 with the envelope; uploads have their own limit and answer (routes/attachments.ts). Written
// here rather than with hono/body-limit because a refused body must still be read to its end (and
// dropped): a client that is still sending it otherwise gets a broken pipe instead of the answer,
// or sends its next request into a connection the server then closes.
import type { Context, MiddlewareHandler } from "hono";
import { JSON_BODY_MAX_BYTES } from "../../rules/limits";
import type { AppEnv } from "./context";

export const BODY_TOO_LARGE = `The request body must not exceed ${JSON_BODY_MAX_BYTES / (1024 * 1024)} MB`;

/** Uploads, which carry files and have their own limit (routes/attachments.ts). */
const UPLOAD_PATH = /\/attachment(\/base64)?\/?$/;
/** Past this much, a refused body is not read further: the connection is closed instead. */
const DISCARD_MAX_BYTES = 32 * 1024 * 1024;

/** Reads the body while it is at most `keep` bytes: its chunks and whether it ended there; when
 * it is longer, the reader is left where it stopped (`size` bytes read). */
async function readUpTo(body: ReadableStream<Uint8Array>, keep: number): Promise<{ size: number; chunks: Uint8Array[]; ended: boolean; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { size, chunks, ended: true, reader };
    size += value.length;
    if (size > keep) return { size, chunks: [], ended: false, reader };
    chunks.push(value);
  }
}

/** Reads and drops the rest of a body up to DISCARD_MAX_BYTES in all; past that it is cancelled
 * (the connection closes). */
async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>, size: number): Promise<void> {
  while (size <= DISCARD_MAX_BYTES) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.length;
  }
  await reader.cancel();
}

type Refuse = (c: Context<AppEnv>) => Response;

/**
 * Refuses a body over `max` bytes with `refuse` at once, the rest of the body read and dropped
 * behind the answer (up to DISCARD_MAX_BYTES, then the connection is cut). A client still sending
 * (the relay passing an upload on) so reads the answer before the connection ends: refused after
 * 32 MB and reset straight after, the answer was lost under the reset and the relay answered 502.
 */
export function drainingBodyLimit(max: number, refuse: Refuse, skip: (c: Context<AppEnv>) => boolean = () => false): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // `c.req.raw.body` is asked only when the body is to be read here: asking makes @hono/node-server
    // build a whole web Request around the Node request, and the route then reads its JSON through
    // web streams instead of straight from the socket (a third of a small create's HTTP cost).
    if (c.req.method === "GET" || c.req.method === "HEAD" || skip(c)) return next();
    const declared = c.req.header("content-length");
    if (declared !== undefined && !c.req.header("transfer-encoding")) {
      // Node holds the body to its declared length.
      if (Number(declared) <= max) return next();
      const body = c.req.raw.body;
      // A body the service would read and drop whole anyway is read before the answer: answered while
      // it still streamed, the client's last writes met a connection the server may already be
      // ending (write EPIPE, seen under load on a 10.5 MB upload). Longer ones are answered at once.
      if (body && Number(declared) <= DISCARD_MAX_BYTES) {
        await dropRest(body.getReader(), 0).catch(() => undefined);
        return refuse(c);
      }
      if (body) void dropRest(body.getReader(), 0).catch(() => undefined);
      return refuse(c);
    }
    const body = c.req.raw.body;
    if (!body) return next();
    // No length given: read it, counting.
    const read = await readUpTo(body, max);
    if (!read.ended) {
      void dropRest(read.reader, read.size).catch(() => undefined);
      return refuse(c);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(read.chunks) });
    return next();
  };
}

export function requestBodyLimit(): MiddlewareHandler<AppEnv> {
  const refuse: Refuse = (c) => c.json({ status: false, message: BODY_TOO_LARGE, code: 413, data: null }, 413);
  return drainingBodyLimit(JSON_BODY_MAX_BYTES, refuse, (c) => UPLOAD_PATH.test(c.req.path));
}
