// Requests Node's HTTP parser refuses before the app sees them (a request line and headers over
// 16 KB, such as a very long query string; a malformed request; one too slow to arrive) are
// answered with the envelope too, instead of Node's bare status line.
import type { Server } from "node:http";

export const HEADERS_TOO_LARGE = "The request line and headers must not exceed 16 KB";
export const MALFORMED_REQUEST = "Malformed HTTP request";
export const REQUEST_TIMEOUT = "The request did not arrive in time";

const ANSWERS: Record<string, [status: number, reason: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", HEADERS_TOO_LARGE],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", REQUEST_TIMEOUT],
};

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
