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

/** Reads the body up to `keep` bytes (kept) and on to DISCARD_MAX_BYTES (dropped). */
async function readUpTo(body: ReadableStream<Uint8Array>, keep: number): Promise<{ size: number; chunks: Uint8Array[]; ended: boolean }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { size, chunks, ended: true };
    size += value.length;
    if (size <= keep) chunks.push(value);
    if (size > DISCARD_MAX_BYTES) {
      await reader.cancel().catch(() => undefined);
      return { size, chunks: [], ended: false };
    }
  }
}

/** The refusal, keeping the connection only when the whole body was read. */
type Refuse = (c: Context<AppEnv>) => Response;
const closing = (res: Response, keepAlive: boolean): Response => {
  if (!keepAlive) res.headers.set("connection", "close");
  return res;
};

/** Refuses a body over `max` bytes with `refuse`, after reading (and dropping) it where it is not huge. */
export function drainingBodyLimit(max: number, refuse: Refuse, skip: (c: Context<AppEnv>) => boolean = () => false): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // `c.req.raw.body` is asked only when the body is to be read here: asking makes @hono/node-server
    // build a whole web Request around the Node request, and the route then reads its JSON through
    // web streams instead of straight from the socket (a third of a small create's HTTP cost).
    if (c.req.method === "GET" || c.req.method === "HEAD" || skip(c)) return next();
    const declared = c.req.header("content-length");
    if (declared !== undefined && !c.req.header("transfer-encoding")) {
      // Node holds the body to its declared length.
      const length = Number(declared);
      if (length <= max) return next();
      if (length > DISCARD_MAX_BYTES) return closing(refuse(c), false);
      const body = c.req.raw.body;
      const ended = body ? (await readUpTo(body, 0).catch(() => ({ ended: false }))).ended : true;
      return closing(refuse(c), ended);
    }
    const body = c.req.raw.body;
    if (!body) return next();
    // No length given: read it, counting.
    const read = await readUpTo(body, max);
    if (read.size > max) return closing(refuse(c), read.ended);
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(read.chunks) });
    return next();
  };
}

export function requestBodyLimit(): MiddlewareHandler<AppEnv> {
  const refuse: Refuse = (c) => c.json({ status: false, message: BODY_TOO_LARGE, code: 413, data: null }, 413);
  return drainingBodyLimit(JSON_BODY_MAX_BYTES, refuse, (c) => UPLOAD_PATH.test(c.req.path));
}
