// The Chromium that the browser tests and the add-in benchmark drive: the headless shell shipped
// in the @sparticuz/chromium npm package (brotli-compressed, unpacked once into
// node_modules/.cache with the NSS libraries it ships beside it), or CHROMIUM_PATH when a
// developer names another (CI never does). Pages render with the project's own fonts
// (assets/fonts: Waree, Thai and Latin) through a fontconfig file of ours, never the machine's.
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
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

export async function launchChromium(): Promise<Browser> {
  const choice = chromiumChoice();
  const env: Record<string, string> = { ...(process.env as Record<string, string>), FONTCONFIG_FILE: fontConfig() };
  if (choice.packaged) {
    await unpack();
    env.LD_LIBRARY_PATH = join(CACHE, "lib");
  }
  return chromium.launch({
    executablePath: choice.path,
    env,
    // As root (CI) Chromium runs only without its sandbox; the rest keeps it off this closed network.
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}
