// The parts of the attachment module that need no file-type: strict base64, type names, the
// filesystem store. In-process.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { base64DecodedSize, decodeBase64 } from "../../src/service/files/base64";
import { FsAttachmentStore } from "../../src/service/files/store";

describe("strict base64", () => {
  test("decodes standard base64 with and without padding", () => {
    for (const text of ["hello", "hell", "hel", "he"]) {
      const b64 = Buffer.from(text).toString("base64");
      const decoded = decodeBase64(b64);
      expect(decoded.ok && decoded.bytes.toString()).toBe(text);
      const unpadded = decodeBase64(b64.replace(/=+$/, ""));
      expect(unpadded.ok && unpadded.bytes.toString()).toBe(text);
    }
  });
  test("refuses characters outside the alphabet, misplaced padding and impossible lengths", () => {
    for (const bad of ["aGVsbG8*", "aGV=sbG8", "a", "aGVsb", "aGVsbG8===", "aGVs bG8-", "ü"]) {
      expect(decodeBase64(bad)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(decodeBase64("")).toEqual({ ok: false, reason: "empty" });
    expect(decodeBase64("  \n ")).toEqual({ ok: false, reason: "empty" });
  });
  test("sizes the result before decoding and refuses what is over the limit", () => {
    const b64 = Buffer.alloc(1000).toString("base64");
    expect(base64DecodedSize(b64)).toBe(1000);
    expect(decodeBase64(b64, 999)).toEqual({ ok: false, reason: "too-large", size: 1000 });
  });
});

describe("filesystem attachment store", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "docsheet-store-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("stores, lists in order, reads back, keeps companies and documents apart", async () => {
    const store = new FsAttachmentStore(dir);
    const a = await store.put(1, 10, { name: "../../etc/passwd.pdf", mime: "application/pdf", bytes: Buffer.from("A") });
    const b = await store.put(1, 10, { name: "b.png", mime: "image/png", bytes: Buffer.from("BB") });
    await store.put(2, 10, { name: "other.png", mime: "image/png", bytes: Buffer.from("C") });
    expect((await store.list(1, 10)).map((s) => [s.name, s.orderNumber, s.size])).toEqual([
      ["../../etc/passwd.pdf", 1, 1],
      ["b.png", 2, 2],
    ]);
    expect((await store.read(1, 10, b.attachmentId))!.bytes.toString()).toBe("BB");
    expect(await store.read(2, 10, a.attachmentId)).toBeNull();
    expect(await store.read(1, 11, a.attachmentId)).toBeNull();
    // The uploaded name is never a path: nothing was written outside the company folders.
    expect(readdirSync(dir).sort()).toEqual(["1", "2", "next-id"]);
    // A second store on the same directory (a restart) sees the files and continues the ids.
    const again = new FsAttachmentStore(dir);
    expect(await again.list(1, 10)).toHaveLength(2);
    const c = await again.put(1, 10, { name: "c.pdf", mime: "application/pdf", bytes: Buffer.from("x") });
    expect(c.attachmentId).toBeGreaterThan(b.attachmentId);
  });

  test("concurrent uploads get distinct ids and order numbers", async () => {
    const store = new FsAttachmentStore(dir);
    const stored = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.put(1, 5, { name: `${i}.png`, mime: "image/png", bytes: Buffer.from([i]) })),
    );
    expect(new Set(stored.map((s) => s.attachmentId)).size).toBe(20);
    expect((await store.list(1, 5)).map((s) => s.orderNumber)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  test("remove and removeDocument", async () => {
    const store = new FsAttachmentStore(dir);
    const a = await store.put(1, 7, { name: "a.pdf", mime: "application/pdf", bytes: Buffer.from("A") });
    await store.put(1, 7, { name: "b.pdf", mime: "application/pdf", bytes: Buffer.from("B") });
    await store.remove(1, 7, a.attachmentId);
    expect((await store.list(1, 7)).map((s) => s.name)).toEqual(["b.pdf"]);
    await store.removeDocument(1, 7);
    expect(await store.list(1, 7)).toEqual([]);
  });

  test("ids that could climb out of the directory are refused", async () => {
    const store = new FsAttachmentStore(dir);
    await expect(store.list("..", 1)).rejects.toThrow(/Not a valid id/);
    await expect(store.put(1, "../x", { name: "a", mime: "", bytes: Buffer.alloc(1) })).rejects.toThrow(/Not a valid id/);
  });
});
