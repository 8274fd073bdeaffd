// A throw-away HTTP server for the client's own tests of what the local service cannot be made to
// do (5xx, odd token answers, dropped connections, slow pages). Real sockets, real fetch.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface TinyServer {
  url: string;
  requests: { method: string; url: string; headers: IncomingMessage["headers"]; body: string }[];
  close(): Promise<void>;
}

export async function startTinyServer(
  handler: (req: IncomingMessage & { body: string }, res: ServerResponse) => void | Promise<void>,
): Promise<TinyServer> {
  const requests: TinyServer["requests"] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      void Promise.resolve(handler(Object.assign(req, { body }), res)).catch((err: unknown) => {
        res.statusCode = 599;
        res.end(String(err));
      });
    });
  });
  const { origin, close } = await listenOnLoopback(server);
  return { url: origin, requests, close };
}

/**
 * Listens on a free loopback port; close() also ends open keep-alive sockets, which would
 * otherwise hold server.close() back.
 */
export async function listenOnLoopback(server: Server): Promise<{ origin: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

export const envelope = (data: unknown) => ({ status: true, message: "", code: 0, data });
