// `docsheet serve` through the real bin: listens, prints its roots and the demo credentials, answers
// a token request, stops on SIGTERM.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, REPO } from "./run";

jest.setTimeout(120_000);

it("starts the local service with --port and --data-dir, says how to connect, and stops cleanly", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "docsheet-serve-"));
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", "--data-dir", dataDir], { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] });
  try {
    let out = "";
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (c: Buffer) => {
        out += c.toString();
        const m = /listening (\S+)[\s\S]*Ctrl\+C/.exec(out);
        if (m) resolve(m[1]);
      });
      child.once("exit", (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
    });
    // What a first run needs to connect: the roots, the token request and the demo credentials.
    expect(out).toContain(`Roots              ${url}/test and ${url}/v1`);
    expect(out).toContain(`Token              POST ${url}/test/token with a form body: grant_type=client_credentials, client_id, client_secret, scope=flowaccount-api`);
    expect(out).toContain("client id demo, secret demo-secret (Demo Co., Ltd.); client id other, secret other-secret (Other Co., Ltd.)");
    const res = await fetch(`${url}/test/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials&client_id=demo&client_secret=demo-secret&scope=flowaccount-api",
    });
    const body = (await res.json()) as { access_token?: string; token_type?: string };
    expect(typeof body.access_token).toBe("string");
    child.removeAllListeners("exit");
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
