// The Chromium that the browser tests and the add-in benchmark drive: the headless shell shipped
// in the @sparticuz/chromium npm package (brotli-compressed, unpacked once into
// node_modules/.cache with the NSS libraries it ships beside it), or CHROMIUM_PATH when a
// developer names another (CI never does). Pages render with the project's own fonts
// (assets/fonts: Waree, Thai and Latin) through a fontconfig file of ours, never the machine's.
import { spawn } from "node:child_process";
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress } from "node:zlib";
import { chromium, type Browser } from "playwright-core";
import { extract } from "tar-fs";

const ROOT = resolve(__dirname, "..", "..");
const PACKAGE = resolve(dirname(require.resolve("@sparticuz/chromium")), "..", "..");
const VERSION = (JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8")) as { version: string }).version;
const CACHE = join(ROOT, "node_modules", ".cache", `docsheet-chromium-${VERSION}`);
const FONT_CONFIG = join(ROOT, "node_modules", ".cache", "docsheet-fontconfig");
const FONTS = join(ROOT, "assets", "fonts");

export interface ChromiumChoice {
  path: string;
  /** Where it comes from, for the line the test run prints. */
  from: string;
  /** The packaged one: unpacked on first use, run with the libraries shipped beside it. */
  packaged: boolean;
}

export function chromiumChoice(): ChromiumChoice {
  const named = process.env.CHROMIUM_PATH;
  if (named) return { path: named, from: "CHROMIUM_PATH", packaged: false };
  return { path: join(CACHE, "chromium"), from: `@sparticuz/chromium ${VERSION}`, packaged: true };
}

/** Unpacks into a private dir and renames it into place, so a half-unpacked browser is never used. */
async function unpack(): Promise<void> {
  if (existsSync(join(CACHE, "chromium"))) return;
  const part = `${CACHE}.part-${process.pid}`;
  rmSync(part, { recursive: true, force: true });
  mkdirSync(part, { recursive: true });
  const bin = join(PACKAGE, "bin");
  await pipeline(createReadStream(join(bin, "chromium.br")), createBrotliDecompress(), createWriteStream(join(part, "chromium"), { mode: 0o755 }));
  // libnss3, libnspr4, libexpat: the shell's only libraries beyond glibc, which a bare machine may lack.
  await pipeline(createReadStream(join(bin, "al2023.tar.br")), createBrotliDecompress(), extract(part));
  try {
    renameSync(part, CACHE);
  } catch (err) {
    rmSync(part, { recursive: true, force: true });
    if (!existsSync(join(CACHE, "chromium"))) throw err; // else another process unpacked it first
  }
}

/** A fontconfig file that knows only the project's fonts. */
function fontConfig(): string {
  mkdirSync(FONT_CONFIG, { recursive: true });
  const file = join(FONT_CONFIG, "fonts.conf");
  writeFileSync(file, `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${FONTS}</dir>\n  <cachedir>${join(FONT_CONFIG, "cache")}</cachedir>\n</fontconfig>\n`);
  return file;
}

/** As root (CI) Chromium runs only without its sandbox; the rest keeps it off this closed network. */
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

async function chromiumEnv(): Promise<Record<string, string>> {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), FONTCONFIG_FILE: fontConfig() };
  if (chromiumChoice().packaged) {
    await unpack();
    env.LD_LIBRARY_PATH = join(CACHE, "lib");
  }
  return env;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumChoice().path, env: await chromiumEnv(), args: ARGS });
}

/**
 * A Chromium of its own process, driven over CDP until `detach()`: then Playwright lets go of it
 * and its pages run on with nothing watching them (Playwright reports every request of a page it
 * drives, which costs more CPU than the page's own work on a busy page). For the add-in benchmark.
 */
export async function spawnChromium(): Promise<{ browser: Browser; pid: number; detach: () => Promise<void>; kill: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "docsheet-chromium-"));
  const child = spawn(chromiumChoice().path, [...ARGS, "--headless=new", "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"], {
    env: await chromiumEnv(), stdio: ["ignore", "ignore", "pipe"], detached: true, // its own process group: killed whole
  });
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
  const kill = async () => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
    await exited;
    rmSync(profile, { recursive: true, force: true, maxRetries: 10 });
  };
  try {
    const endpoint = await new Promise<string>((resolveEndpoint, reject) => {
      let text = "";
      child.stderr.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        const found = /DevTools listening on (ws:\/\/\S+)/.exec(text);
        if (found) resolveEndpoint(found[1]);
      });
      child.once("exit", (code) => reject(new Error(`Chromium ended (${code}) before it listened: ${text.slice(-500)}`)));
    });
    child.stderr.resume();
    const browser = await chromium.connectOverCDP(endpoint);
    return { browser, pid: child.pid!, detach: () => browser.close(), kill };
  } catch (err) {
    await kill();
    throw err;
  }
}
