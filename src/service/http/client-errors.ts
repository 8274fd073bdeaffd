// Requests Node's HTTP parser refuses before the app sees them (a request line and headers over
// 16 KB, such as a very long query string; a malformed request; one too slow to arrive) are
// answered with the envelope too, instead of Node's bare status line; and idle connections are kept
// longer than a client keeps them.
import type { Server } from "node:http";

export const HEADERS_TOO_LARGE = "The request line and headers must not exceed 16 KB";
export const MALFORMED_REQUEST = "Malformed HTTP request";
export const REQUEST_TIMEOUT = "The request did not arrive in time";

const ANSWERS: Record<string, [status: number, reason: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", HEADERS_TOO_LARGE],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", REQUEST_TIMEOUT],
};

/**
 * How long an idle keep-alive connection stays open. Node's 5 s default is shorter than the pauses
 * of a client on a busy machine: a Node client (undici) keeps an idle connection until the
 * `Keep-Alive: timeout` it was told less 2 s, on a timer its own busy event loop may not run, then
 * writes its next request into a connection the service already closed (write EPIPE on an upload,
 * "other side closed" otherwise; a POST is not retried). A minute leaves room for any such pause;
 * the client's own timer, not the service, ends idle connections. `close()` still ends them at once.
 */
export const KEEP_ALIVE_MS = 65_000;

export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
}

export function answerClientErrors(server: Server): void {
  server.on("clientError", (err: NodeJS.ErrnoException, socket) => {
    if (err.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, message] = ANSWERS[err.code ?? ""] ?? [400, "Bad Request", MALFORMED_REQUEST];
    const body = JSON.stringify({ status: false, message, code: status, data: null });
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}
