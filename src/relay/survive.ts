// The add-in's servers (serve-dist.ts, npm start's relay, the relay socket) outlive any one request:
// a path that does not decode (GET /%E0%A4%A), a request line Node cannot parse, or a mistake of
// ours while answering is that request's 4xx/5xx envelope, never an uncaught error ending the
// process (and the relay and every pane's socket with it).
import type { IncomingMessage, ServerResponse } from "node:http";
import { envelope } from "./relay";

export const MALFORMED_PATH = "The request's path is malformed";

/** The path of a request URL, percent-decoded; undefined when it does not parse or decode. */
export function decodedPath(url: string | undefined): string | undefined {
  try {
    return decodeURIComponent(new URL(url ?? "/", "http://server.invalid").pathname);
  } catch {
    return undefined;
  }
}

/** Answers `status` with the envelope unless an answer was begun (then the connection is cut). */
export function refuse(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return void res.destroy();
  const body = envelope(status, message);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) }).end(body);
}

/** A request handler whose throw is an envelope for that request alone: 400 for a URL or text
 * that does not parse (URIError, TypeError of URL), 500 for anything else. */
export function surviving(handle: (req: IncomingMessage, res: ServerResponse) => void): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    try {
      handle(req, res);
    } catch (err) {
      const malformed = err instanceof URIError || (err as { code?: string }).code === "ERR_INVALID_URL";
      refuse(res, malformed ? 400 : 500, malformed ? MALFORMED_PATH : "the server could not answer this request");
    }
  };
}
