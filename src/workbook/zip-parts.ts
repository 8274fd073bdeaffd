// The parts of an .xlsx archive, read one at a time and streamed: the central directory says where
// each entry is, and an entry is inflated a slice at a time into a sink, counting what comes out,
// so a zip bomb stops at the cap instead of filling memory. Pure (fflate, no Node built-ins): the
// preview page runs it in the browser; the command line may pass Node's native inflate, faster.
import { Inflate } from "fflate";
import { ReadWordsError } from "./read-words";

/** What a read refuses with a message for the user (the file, not the program, is wrong), by key
 * (read-words.ts): shown in the run's language; `message` is its English. */
export class XlsxReadError extends ReadWordsError {}

/** A part of the archive inflates to at most this many bytes (README.md, "Limits"). */
export const MAX_PART_BYTES = 50 * 1024 * 1024;

/** Inflates raw DEFLATE data into chunks for `sink`; throws when the data is not valid DEFLATE, and
 * may stop (with a RangeError of code ERR_BUFFER_TOO_LARGE, as Node's does) past `limit` bytes. */
export type InflateRaw = (data: Uint8Array, sink: (chunk: Uint8Array) => void, limit: number) => void;

/** fflate's streaming inflate, fed a slice at a time: no chunk it hands on is larger than a slice
 * can inflate to, so the count in the sink stops a bomb within one slice. */
export const fflateInflate: InflateRaw = (data, sink) => {
  const inflater = new Inflate((chunk) => sink(chunk));
  const SLICE = 16 * 1024;
  if (data.length === 0) inflater.push(data, true);
  for (let at = 0; at < data.length; at += SLICE) inflater.push(data.subarray(at, at + SLICE), at + SLICE >= data.length);
};

interface Entry {
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export interface ZipParts {
  has(name: string): boolean;
  /** Streams a part's text (UTF-8) to `sink` in pieces; false when the archive has no such part. */
  text(name: string, sink: (text: string) => void, limit?: number): boolean;
}

export function openZip(data: Uint8Array, inflate: InflateRaw = fflateInflate): ZipParts {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u32 = (at: number): number => view.getUint32(at, true);
  const u16 = (at: number): number => view.getUint16(at, true);
  const u64 = (at: number): number => u32(at) + u32(at + 4) * 2 ** 32;
  let eocd = -1;
  // The end record is the last 22 bytes but for a comment of up to 65,535.
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (u32(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new XlsxReadError("notZip");
  let count = u16(eocd + 10);
  let at = u32(eocd + 16);
  if ((count === 0xffff || at === 0xffffffff) && eocd >= 20 && u32(eocd - 20) === EOCD64_LOCATOR) {
    const end64 = u64(eocd - 12);
    if (end64 + 56 > data.length || u32(end64) !== EOCD64) throw new XlsxReadError("zip64Missing");
    count = u64(end64 + 32);
    at = u64(end64 + 48);
  }
  const entries = new Map<string, Entry>();
  const names = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || u32(at) !== CENTRAL) throw new XlsxReadError("directoryDamaged");
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const entry: Entry = {
      flags: u16(at + 8), method: u16(at + 10), compressedSize: u32(at + 20), size: u32(at + 24), localOffset: u32(at + 42),
    };
    if (at + 46 + nameLength + extraLength > data.length) throw new XlsxReadError("directoryDamaged");
    zip64Sizes(view, at + 46 + nameLength, extraLength, entry);
    const name = names.decode(data.subarray(at + 46, at + 46 + nameLength));
    if (!entries.has(name)) entries.set(name, entry);
    at += 46 + nameLength + extraLength + u16(at + 32);
  }

  return {
    has: (name) => entries.has(name),
    text(name, sink, limit = MAX_PART_BYTES): boolean {
      const entry = entries.get(name);
      if (!entry) return false;
      if (entry.flags & 1) throw new XlsxReadError("encrypted", { part: name });
      if (entry.method !== 0 && entry.method !== 8) throw new XlsxReadError("compression", { part: name, method: entry.method });
      if (entry.size > limit) throw new PartTooLarge(name, limit, entry.size);
      const local = entry.localOffset;
      if (local + 30 > data.length || u32(local) !== LOCAL) throw new XlsxReadError("partMisplaced", { part: name });
      const start = local + 30 + u16(local + 26) + u16(local + 28);
      if (start + entry.compressedSize > data.length) throw new XlsxReadError("partCut", { part: name });
      const packed = data.subarray(start, start + entry.compressedSize);
      const decoder = new TextDecoder("utf-8");
      let total = 0;
      let stop: unknown;
      const take = (chunk: Uint8Array): void => {
        total += chunk.length;
        if (total > limit) throw (stop = new PartTooLarge(name, limit));
        try {
          sink(decoder.decode(chunk, { stream: true }));
        } catch (err) {
          throw (stop = err);
        }
      };
      if (entry.method === 0) take(packed);
      else {
        try {
          inflate(packed, take, limit);
        } catch (err) {
          // What the sink threw (the parser's verdict, a bound) goes on as it is.
          if (err === stop) throw err;
          if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new PartTooLarge(name, limit);
          throw new XlsxReadError("partCorrupt", { part: name, detail: (err as Error).message });
        }
      }
      sink(decoder.decode());
      return true;
    },
  };
}

/** A part that inflates past the cap: a zip bomb, or a sheet too big to read at once. */
export class PartTooLarge extends XlsxReadError {
  constructor(readonly part: string, readonly limit: number, declared?: number) {
    super(declared === undefined ? "partOverMore" : "partOver", { part, limit: megabytes(limit), ...(declared === undefined ? {} : { size: megabytes(declared) }) });
  }
}

export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString("en-US", { maximumFractionDigits: bytes < 1024 * 1024 ? 2 : 0 })} MB`;
}

/** ZIP64 sizes in an entry's extra field, for the fields that hold 0xFFFFFFFF. */
function zip64Sizes(view: DataView, at: number, length: number, entry: Entry): void {
  if (entry.size !== 0xffffffff && entry.compressedSize !== 0xffffffff && entry.localOffset !== 0xffffffff) return;
  for (let p = at; p + 4 <= at + length;) {
    const id = view.getUint16(p, true);
    const size = view.getUint16(p + 2, true);
    if (id === 1) {
      let q = p + 4;
      const next = (): number => {
        const v = view.getUint32(q, true) + view.getUint32(q + 4, true) * 2 ** 32;
        q += 8;
        return v;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      return;
    }
    p += 4 + size;
  }
}
