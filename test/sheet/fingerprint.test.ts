// The fingerprint a row keeps of the service's copy: an edit made in the sheet and not sent is told
// by each field's hash. The form written before hashed each field in 8 bits, so one edit in 256
// passed for unchanged (refresh then overwrote it); the form written now takes 24 bits a field, and
// a sheet that still holds the old form keeps working.
import { changedSince, editedSince, fingerprintHolds, fingerprintOf, FINGERPRINT_KEYS, fnv1a, hex, isFingerprint } from "../../src/sheet/fingerprint";
import type { Parsed } from "../../src/sheet/values";
import { serviceCopy, type ServiceCopy } from "../../src/sheet/service-copy";

const RECORD = {
  recordId: 7, documentSerial: "INV-7", statusString: "awaiting", contactName: "Acme Trading", publishedOn: "2026-11-05",
  isVat: true, grandTotal: 107, items: [{ name: "Pens", quantity: 1, pricePerUnit: 100 }],
};

/** The fingerprint as sheets written before this form hold it: "1.", 2 hex characters a field. */
function oldFingerprint(copy: ServiceCopy): string {
  const canonical = (v: Parsed | undefined) => (v === undefined || v === "" ? "" : typeof v === "boolean" ? (v ? "1" : "0") : String(v));
  const texts = FINGERPRINT_KEYS.map((k) => k.startsWith("item.")
    ? `${copy.lines.length}\u0001${copy.lines.map((l) => canonical(l.fields[k]?.value)).join("\u0001")}`
    : canonical(copy.fields[k]?.value));
  const all = texts.join("\u0000");
  return `1.${hex(fnv1a(all, 0x811c9dc5), 8)}${hex(fnv1a(all, 0x2f5a3c91), 8)}.${texts.map((t) => hex(fnv1a(t, 0x811c9dc5) & 0xff, 2)).join("")}`;
}

/** The copy with the customer's name typed over. */
function renamed(copy: ServiceCopy, name: string): ServiceCopy {
  return { ...copy, fields: { ...copy.fields, contactName: { ...copy.fields.contactName, value: name } } };
}

/** A new name whose old 8-bit hash is the original's: an edit the old form could not see. */
function collidingName(original: string): string {
  const low = (t: string) => fnv1a(t, 0x811c9dc5) & 0xff;
  for (let i = 0; ; i++) if (low(`Acme Trading ${i}`) === low(original)) return `Acme Trading ${i}`;
}

describe("fingerprints", () => {
  const copy = serviceCopy(RECORD);

  it("are written in the 24-bit form, compact, and hold while the document is the same", () => {
    const print = fingerprintOf(copy);
    expect(print).toMatch(/^2\.[0-9a-f]{16}\.[0-9A-Za-z_-]+$/);
    expect(print.length).toBe(2 + 17 + FINGERPRINT_KEYS.length * 4);
    expect(isFingerprint(print)).toBe(true);
    expect(fingerprintHolds(print, copy)).toBe(true);
    expect(changedSince(print, copy)).toBeUndefined();
    expect(editedSince(print, copy, ["contactName", "item.name"], true)).toEqual([]);
    expect(isFingerprint(print.slice(0, -1))).toBe(false);
  });

  it("tell an edit that collides under the old 8-bit form", () => {
    const name = collidingName("Acme Trading");
    const edited = renamed(copy, name);
    const old = oldFingerprint(copy);
    // What the old form missed: the sheet's edit looks unchanged field by field.
    expect(editedSince(old, edited, ["contactName"], true)).toEqual([]);
    // The form written now sees it, and names the field; so does update's check of the service's copy.
    expect(editedSince(fingerprintOf(copy), edited, ["contactName"], true)).toEqual(["contactName"]);
    expect(changedSince(fingerprintOf(copy), edited)).toEqual({ keys: ["contactName"] });
  });

  it("of an old sheet keep working: read in the form they were written in", () => {
    const old = oldFingerprint(copy);
    expect(isFingerprint(old)).toBe(true);
    expect(fingerprintHolds(old, copy)).toBe(true);
    expect(changedSince(old, copy)).toBeUndefined();
    expect(editedSince(old, renamed(copy, "Acme Trading Co"), ["contactName", "publishedOn"], true)).toEqual(["contactName"]);
    // A change on the service since the old fingerprint is still a change (the whole hash tells it).
    expect(changedSince(old, renamed(copy, collidingName("Acme Trading")))).toEqual({ keys: [] });
    expect(fingerprintHolds(old, renamed(copy, "Other"))).toBe(false);
  });
});
