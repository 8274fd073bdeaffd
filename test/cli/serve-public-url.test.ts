// `docsheet serve --public-url URL` through the real bin: the share links the service hands out
// start with that URL, not with the address the caller used.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clientFor, simpleBody } from "../service/support";
import { BIN, REPO } from "./run";

jest.setTimeout(180_000);

it("hands out links that start with --public-url", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "docsheet-serve-url-"));
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", "--data-dir", dataDir, "--public-url", "https://books.example.test/"], {
    cwd: REPO, stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (c: Buffer) => {
        out += c.toString();
        const m = /listening (\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.once("exit", (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
    });
    const demo = await clientFor(`${url}/test`);
    const doc = (await demo.post("/quotations", simpleBody())).body.data;
    const share = await demo.post("/quotations/sharedocument", { documentId: doc.recordId });
    expect(share.body.data.link).toMatch(/^https:\/\/books\.example\.test\/share\/[A-Za-z0-9_-]{43}$/);
  } finally {
    child.removeAllListeners("exit");
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
