// A relay alone in a child process (tsx, as serve-dist runs it), so its memory is its own: the
// script prints "port N" once it listens.
import { spawn, type ChildProcess } from "node:child_process";

/** Starts `script` (node flags first) and answers the child and the origin it listens on. */
export async function startRelayChild(script: string, flags: string[] = []): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, [...flags, "--import", "tsx", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /port (\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once("exit", (code) => reject(new Error(`relay exited ${code}`)));
  });
  return { child, origin: `http://127.0.0.1:${port}` };
}
