// A stand-in for the service behind a relay: records each request whole (method, path, headers,
// body), then lets the test answer it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export interface SeenRequest {
  url: string;
  method: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export function recordingUpstream(seen: SeenRequest[], answer: (req: IncomingMessage, res: ServerResponse) => void): Server {
  return createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ url: req.url ?? "", method: req.method ?? "", headers: req.headers, body });
      answer(req, res);
    });
  });
}
