// A fault-injecting HTTP proxy: forwards each request to the real service, waits for its full
// answer, and then, for the requests chosen, destroys the client's socket instead of answering.
// The service has done the work; the client never hears of it.
import { createServer, request, type IncomingHttpHeaders } from "node:http";
import { listenOnLoopback } from "./http";

export interface DroppingProxy {
  /** Same path layout as the target: origin of the proxy. */
  origin: string;
  /** Requests whose answers were dropped, as "METHOD /path". */
  dropped: string[];
  close(): Promise<void>;
}

export async function startDroppingProxy(target: string, drop: (method: string, path: string) => boolean): Promise<DroppingProxy> {
  const upstream = new URL(target);
  const dropped: string[] = [];
  const server = createServer((req, res) => {
    const headers: IncomingHttpHeaders = { ...req.headers, host: upstream.host };
    const up = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (upRes) => {
        const chunks: Buffer[] = [];
        upRes.on("data", (c: Buffer) => chunks.push(c));
        upRes.on("end", () => {
          const path = (req.url ?? "").split("?")[0];
          if (drop(req.method ?? "", path)) {
            dropped.push(`${req.method} ${path}`);
            req.socket.destroy();
            return;
          }
          res.writeHead(upRes.statusCode ?? 502, upRes.headers);
          res.end(Buffer.concat(chunks));
        });
      },
    );
    up.on("error", () => req.socket.destroy());
    req.pipe(up);
  });
  return { ...(await listenOnLoopback(server)), dropped };
}
