// What the family suite's files share: the registry's families as test.each cases, a family's
// sample sheet written as .xlsx, its records on the service by tag, and a proxy that makes two
// command-line posts race.
import { spawn } from "node:child_process";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { DocSheetClient } from "../../src/api";
import { FAMILY_ENTRIES, recordIdOf, type FamilyEntry, type Json } from "../../src/families";
import type { SheetFamily } from "../../src/rules/codes";
import { BIN, REPO } from "../cli/run";
import { writeBook } from "../cli/session";
import { SAMPLES, sampleSheet } from "./samples";

/** Every family of the registry, as test.each rows [name, entry]. */
export const EVERY_FAMILY = FAMILY_ENTRIES.map((e) => [e.name, e] as [SheetFamily, FamilyEntry]);

/** A promise's test for every family of the registry, skipped (and shown so) where `applies` says,
 * from the family's entry, that the promise is not the family's. A family in `open` does not keep
 * it yet (issue 34): its test passes while it fails, so the day it keeps it the list must shrink. */
export function eachFamily(
  name: string,
  applies: (entry: FamilyEntry) => boolean,
  fn: (family: SheetFamily, entry: FamilyEntry, index: number) => Promise<void>,
  open: readonly SheetFamily[] = [],
): void {
  EVERY_FAMILY.forEach(([family, entry], index) => {
    const run = () => fn(family, entry, index);
    if (!applies(entry)) test.skip(`${family}: ${name}`, run);
    else if (open.includes(family)) test.failing(`${family}: ${name} (not kept yet: issue 34)`, run);
    else test(`${family}: ${name}`, run);
  });
}

/** Records `from`..`to` of the prefix as a one-sheet workbook at dir/name.xlsx. */
export function writeSample(dir: string, name: string, family: SheetFamily, prefix: string, to: number, from = 1, variant = 0): Promise<string> {
  return writeBook(join(dir, `${name}.xlsx`), sampleSheet(family, prefix, to, from, variant), SAMPLES[family].sheet);
}

export interface Tagged {
  id: number;
  live: boolean;
  record: Json;
}

/** The family's records on the service whose tag is the prefix's, by tag (each tag's in id order). */
export async function taggedRecords(client: DocSheetClient, entry: FamilyEntry, prefix: string): Promise<Map<string, Tagged[]>> {
  const sample = SAMPLES[entry.name];
  const out = new Map<string, Tagged[]>();
  for await (const page of entry.store(client).listAll()) {
    for (const r of page.list as Json[]) {
      const tag = sample.tagOf(r);
      if (!tag?.startsWith(`${prefix}-`)) continue;
      const list = out.get(tag) ?? [];
      list.push({ id: recordIdOf(r), live: sample.live(r), record: r });
      out.set(tag, list);
    }
  }
  for (const list of out.values()) list.sort((a, b) => a.id - b.id);
  return out;
}

/** The ids of the live records, by tag. */
export async function liveRecords(client: DocSheetClient, entry: FamilyEntry, prefix: string): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  for (const [tag, list] of await taggedRecords(client, entry, prefix)) {
    const live = list.filter((r) => r.live).map((r) => r.id);
    if (live.length > 0) out.set(tag, live);
  }
  return out;
}

export interface LockstepProxy {
  /** The service's root through the proxy, for each of the two runs. */
  roots: [string, string];
  /** Says run `side` has ended: its partner's sends are held no longer. */
  ended(side: 0 | 1): void;
  close(): Promise<void>;
}

/**
 * Two proxies to the service, one for each of two runs, that make them race as two copies posted
 * at once can: a run's k-th send (a POST other than for a token) waits until the other run has sent
 * its k-th too, or has ended. With one row at a time, both runs have looked each row up before
 * either creates it, so neither finds the other's record by looking.
 */
export async function lockstepProxy(root: string): Promise<LockstepProxy> {
  const target = new URL(root);
  const sent = [0, 0];
  const done = [false, false];
  const waiting: Array<{ side: number; k: number; go: () => void }> = [];
  const wake = (): void => {
    for (const w of [...waiting]) {
      const other = 1 - w.side;
      if (done[other] || sent[other] >= w.k) {
        waiting.splice(waiting.indexOf(w), 1);
        w.go();
      }
    }
  };
  const serverFor = (side: number): Server => createServer((req, res) => {
    const go = (): void => {
      const upstream = request(new URL(req.url ?? "/", target), { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    };
    const path = new URL(req.url ?? "/", target).pathname;
    if (req.method === "POST" && !/token/i.test(path)) {
      const k = ++sent[side];
      waiting.push({ side, k, go });
      wake();
    } else go();
  });
  const servers = [serverFor(0), serverFor(1)];
  const roots = await Promise.all(servers.map(async (server) => {
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}${target.pathname}`;
  }));
  return {
    roots: roots as [string, string],
    ended(side) {
      done[side] = true;
      wake();
    },
    close: async () => {
      done[0] = done[1] = true;
      wake();
      await Promise.all(servers.map((server) => new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      })));
    },
  };
}

/**
 * Runs the bin through a proxy to the service that lets its sends through until the `at`-th (a
 * POST other than for a token), which reaches the service but whose answer never comes back, and
 * kills the run with SIGKILL there: the record is made and the run never knew. Resolves once it is
 * gone, with what it printed.
 */
export async function killedAt(root: string, args: (root: string) => string[], at: number): Promise<string> {
  const target = new URL(root);
  let sends = 0;
  let reached!: () => void;
  const held = new Promise<void>((ok) => (reached = ok));
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", target).pathname;
    const hold = req.method === "POST" && !/token/i.test(path) && ++sends === at;
    const upstream = request(new URL(req.url ?? "/", target), { method: req.method, headers: req.headers }, (up) => {
      if (!hold) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        return;
      }
      up.resume();
      up.on("end", reached);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const child = spawn(process.execPath, [BIN, ...args(`http://127.0.0.1:${(server.address() as AddressInfo).port}${target.pathname}`)], { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] });
  let printed = "";
  child.stdout.on("data", (c: Buffer) => (printed += c.toString()));
  child.stderr.on("data", (c: Buffer) => (printed += c.toString()));
  const gone = new Promise<void>((ok) => child.on("close", () => ok()));
  try {
    await Promise.race([held, gone]);
    child.kill("SIGKILL");
    await gone;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((ok) => server.close(() => ok()));
  }
  if (sends < at) throw new Error(`the run ended after ${sends} sends, before the ${at}th: ${printed}`);
  return printed;
}
