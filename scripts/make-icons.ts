// Draws DocSheet's add-in icons (assets/icon-<size>.png) without an image library: a green
// rounded tile with a white sheet whose rows are ruled like a worksheet. Run: npx tsx scripts/make-icons.ts
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";

const SIZES = [16, 32, 64, 80, 128];
type Rgba = [number, number, number, number];
const GREEN: Rgba = [16, 124, 65, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const LINE: Rgba = [16, 124, 65, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Encodes RGBA pixels (row-major) as a PNG file. */
export function encodePng(size: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function iconPixel(size: number): (x: number, y: number) => Rgba {
  const radius = Math.max(2, Math.round(size / 6));
  const pad = Math.round(size * 0.22);
  const rowStep = Math.max(3, Math.round(size / 8));
  return (x, y) => {
    const cx = Math.min(x, size - 1 - x);
    const cy = Math.min(y, size - 1 - y);
    if (cx < radius && cy < radius && (radius - cx) ** 2 + (radius - cy) ** 2 > radius ** 2) return CLEAR;
    const inSheet = x >= pad && x < size - pad && y >= pad && y < size - pad;
    if (!inSheet) return GREEN;
    const ruled = (y - pad) % rowStep === rowStep - 1 && y < size - pad - 1;
    const column = x === pad + Math.round((size - 2 * pad) / 3);
    return ruled || column ? LINE : WHITE;
  };
}

if (require.main === module) {
  const dir = join(__dirname, "..", "assets");
  for (const size of SIZES) writeFileSync(join(dir, `icon-${size}.png`), encodePng(size, iconPixel(size)));
  console.log(`wrote ${SIZES.map((s) => `icon-${s}.png`).join(", ")} to ${dir}`);
}
