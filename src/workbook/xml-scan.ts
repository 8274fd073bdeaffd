// A streaming XML scanner for the parts of an .xlsx: fed text a piece at a time, it calls back on each
// element's start and end and on text, checking as it goes that the XML is well-formed (every tag
// closed by its own name, entities known, nothing but space outside the root). Every step moves
// forward: the work is linear in the text, whatever it holds, and an unfinished token waits for
// the next piece from where its scan stopped. No DTD: a DOCTYPE (entity expansion) is refused.
// Hand-written rather than saxes: a third of the time on a sheet, which `docsheet check` feels.

import { ReadWordsError } from "./read-words";

/** A part that is not well-formed XML, or breaks one of the bounds below, by key (read-words.ts). */
export class XmlError extends ReadWordsError {}

export type Attributes = Record<string, string>;

export interface XmlHandlers {
  /** An element starts; `name` without its namespace prefix (some writers spell <x:c>). */
  open(name: string, attributes: Attributes): void;
  close?(name: string): void;
  /** Text and CDATA inside the root, entities decoded; may come in several pieces. */
  text?(text: string): void;
}

/** A single tag, comment or CDATA section longer than this is refused (an .xlsx's are short). */
const MAX_TOKEN = 1024 * 1024;
/** How deep elements nest, and how many attributes one holds, at most. */
const MAX_DEPTH = 256;
const MAX_ATTRIBUTES = 1000;

/** The attributes of every element that has none (handlers only read them). */
const NONE: Attributes = Object.freeze({}) as Attributes;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(s: string): string {
  if (!s.includes("&")) return s;
  let out = "";
  let at = 0;
  for (let amp = s.indexOf("&"); amp >= 0; amp = s.indexOf("&", at)) {
    const semi = s.indexOf(";", amp);
    if (semi < 0 || semi - amp > 12) throw new XmlError("xmlBadAmpersand");
    const name = s.slice(amp + 1, semi);
    let ch: string | undefined;
    if (name.startsWith("#x") || name.startsWith("#X")) ch = codePoint(/^[0-9a-fA-F]{1,6}$/.test(name.slice(2)) ? parseInt(name.slice(2), 16) : NaN);
    else if (name.startsWith("#")) ch = codePoint(/^\d{1,7}$/.test(name.slice(1)) ? Number(name.slice(1)) : NaN);
    else ch = Object.hasOwn(ENTITIES, name) ? ENTITIES[name] : undefined;
    if (ch === undefined) throw new XmlError("xmlUnknownEntity", { name: name.slice(0, 12) });
    out += s.slice(at, amp) + ch;
    at = semi + 1;
  }
  return out + s.slice(at);
}

function codePoint(n: number): string | undefined {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
}

function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

/** Name characters, loosely: anything but space and the characters that end a name. */
const endsName = (c: number): boolean => c <= 32 || c === 47 /* / */ || c === 62 /* > */ || c === 61 /* = */;

export class XmlScanner {
  private buf = "";
  private pos = 0;
  /** Where the scan of an unfinished token (at `pos`) goes on. */
  private resume = 0;
  private readonly stack: string[] = [];
  /** The local names of the open elements, beside their full names. */
  private readonly locals: string[] = [];
  private rootSeen = false;
  /** Characters dropped from the front of `buf`: positions in messages count from the part's start. */
  private consumed = 0;

  constructor(private readonly on: XmlHandlers) {}

  write(chunk: string): void {
    this.buf = this.pos === 0 ? this.buf + chunk : this.buf.slice(this.pos) + chunk;
    this.consumed += this.pos;
    this.resume -= this.pos;
    this.pos = 0;
    try {
      this.scan();
    } catch (err) {
      if (err instanceof XmlError) throw new XmlError("xmlAt", { at: this.consumed + this.pos + 1, detail: err.readMessage });
      throw err;
    }
  }

  /** The end of the part: everything opened must be closed. */
  end(): void {
    const rest = this.buf.slice(this.pos);
    if (rest.trim() !== "") {
      throw rest.trimStart().startsWith("<") ? new XmlError("xmlEndsInTag", { tag: rest.trimStart().slice(0, 20) }) : new XmlError("xmlEndsInText");
    }
    if (this.stack.length > 0) throw new XmlError("xmlNotClosed", { name: this.stack[this.stack.length - 1] });
    if (!this.rootSeen) throw new XmlError("xmlNoElement");
  }

  private scan(): void {
    const buf = this.buf;
    while (this.pos < buf.length) {
      const lt = buf.indexOf("<", this.pos);
      const textEnd = lt < 0 ? buf.length : lt;
      if (textEnd > this.pos) {
        // Text: handed on now, but for an entity cut by the end of the piece.
        let end = textEnd;
        if (lt < 0) {
          const amp = buf.lastIndexOf("&", end - 1);
          if (amp >= this.pos && buf.indexOf(";", amp) < 0) {
            if (end - amp > 12) throw new XmlError("xmlBadAmpersand");
            end = amp;
          }
        }
        if (end > this.pos) this.text(this.pos, end);
        this.pos = end;
        if (lt < 0) return;
      }
      if (!this.markup()) return;
    }
  }

  private text(from: number, to: number): void {
    const raw = this.buf.slice(from, to);
    if (this.stack.length === 0) {
      if (raw.trim() !== "") throw new XmlError("xmlTextOutside");
      return;
    }
    if (raw.includes("]]>")) throw new XmlError("xmlCdataEnd");
    this.on.text?.(decode(raw));
  }

  /** The markup at `pos` ("<"); false when it is not complete yet. */
  private markup(): boolean {
    const buf = this.buf;
    const at = this.pos;
    const second = buf.charCodeAt(at + 1);
    if (second === 33 /* ! */) {
      if (buf.length - at < 9 && /^<!(-|\[|\[C|\[CD|\[CDA|\[CDAT|\[CDATA)?$/.test(buf.slice(at))) return this.waiting();
      if (buf.startsWith("<!--", at)) return this.until("-->", () => {});
      if (buf.startsWith("<![CDATA[", at)) {
        return this.until("]]>", (end) => {
          if (this.stack.length === 0) throw new XmlError("xmlCdataOutside");
          this.on.text?.(buf.slice(at + 9, end - 3));
        });
      }
      throw new XmlError("xmlDoctype");
    }
    if (second === 63 /* ? */) return this.until("?>", () => {});
    if (Number.isNaN(second)) return this.waiting();
    // A tag: nothing to do until a ">" has come (the scan for one goes on where it stopped).
    const gt = buf.indexOf(">", Math.max(this.resume, at + 1));
    if (gt < 0) {
      this.resume = buf.length;
      return this.waiting();
    }
    if (buf.charCodeAt(at + 1) === 47) {
      this.resume = 0;
      this.pos = gt + 1;
      this.closeTag(at + 2, gt);
      return true;
    }
    const end = this.openTag(at + 1);
    if (end < 0) {
      // That ">" was inside an attribute value.
      this.resume = buf.length;
      return this.waiting();
    }
    this.resume = 0;
    this.pos = end;
    return true;
  }

  /** A token that runs past the piece: wait for more, within bounds. */
  private waiting(): boolean {
    if (this.buf.length - this.pos > MAX_TOKEN) throw new XmlError("xmlTokenTooLong", { mb: MAX_TOKEN / 1024 / 1024 });
    return false;
  }

  /** A token that ends with `close` (comment, CDATA, processing instruction). */
  private until(close: string, done: (end: number) => void): boolean {
    const from = Math.max(this.pos + 2, this.resume - close.length);
    const found = this.buf.indexOf(close, from);
    if (found < 0) {
      this.resume = this.buf.length;
      return this.waiting();
    }
    this.resume = 0;
    const end = found + close.length;
    done(end);
    this.pos = end;
    return true;
  }

  /** The end tag whose name runs from `from` to `to` (its ">"): compared in place, without a copy. */
  private closeTag(from: number, to: number): void {
    const buf = this.buf;
    const open = this.stack.pop();
    let end = to;
    while (end > from && isSpace(buf.charCodeAt(end - 1))) end--;
    if (open === undefined || end - from !== open.length || !buf.startsWith(open, from)) {
      const name = buf.slice(from, Math.min(end, from + 40));
      throw (open === undefined ? new XmlError("xmlClosesNothing", { name }) : new XmlError("xmlClosesOther", { name, open }));
    }
    this.on.close?.(this.locals.pop()!);
  }

  /** The start tag from `from` (after "<"): its attributes, in one pass; answers where it ends
   * (after its ">"), or -1 when it runs past the text so far. */
  private openTag(from: number): number {
    const buf = this.buf;
    const length = buf.length;
    let i = from;
    while (i < length && !endsName(buf.charCodeAt(i))) i++;
    const name = buf.slice(from, i);
    if (name === "") throw new XmlError("xmlLtNoTag");
    // Made on the first attribute: most elements (<v>, <t>, <is>) have none and share NONE.
    let attributes: Attributes = NONE;
    let count = 0;
    let selfClosing = false;
    for (;;) {
      let spaced = false;
      while (i < length && isSpace(buf.charCodeAt(i))) {
        i++;
        spaced = true;
      }
      if (i >= length) return -1;
      const c = buf.charCodeAt(i);
      if (c === 62) break;
      if (c === 47) {
        if (i + 1 >= length) return -1;
        if (buf.charCodeAt(i + 1) !== 62) throw new XmlError("xmlSlashEndsNothing", { name });
        selfClosing = true;
        i++;
        break;
      }
      if (!spaced) throw new XmlError("xmlNoSpace", { name });
      const start = i;
      while (i < length && !endsName(buf.charCodeAt(i))) i++;
      const key = buf.slice(start, i);
      while (i < length && isSpace(buf.charCodeAt(i))) i++;
      if (i >= length) return -1;
      if (key === "" || buf.charCodeAt(i) !== 61) throw new XmlError("xmlAttributeNoValue", { name });
      i++;
      while (i < length && isSpace(buf.charCodeAt(i))) i++;
      if (i >= length) return -1;
      const quote = buf.charCodeAt(i);
      if (quote !== 34 && quote !== 39) throw new XmlError("xmlAttributeNoQuotes", { name });
      const close = buf.indexOf(quote === 34 ? '"' : "'", i + 1);
      if (close < 0) return -1;
      const value = buf.slice(i + 1, close);
      if (value.includes("<")) throw new XmlError("xmlLtInAttribute");
      if (attributes === NONE) attributes = {};
      else if (Object.hasOwn(attributes, key)) throw new XmlError("xmlAttributeTwice", { name, key });
      if (++count > MAX_ATTRIBUTES) throw new XmlError("xmlTooManyAttributes", { name, max: MAX_ATTRIBUTES });
      if (key !== "__proto__") attributes[key] = decode(value);
      i = close + 1;
    }
    if (this.stack.length === 0) {
      if (this.rootSeen) throw new XmlError("xmlSecondRoot", { name });
      this.rootSeen = true;
    }
    if (this.stack.length >= MAX_DEPTH) throw new XmlError("xmlTooDeep", { max: MAX_DEPTH });
    const local = localName(name);
    this.on.open(local, attributes);
    if (selfClosing) this.on.close?.(local);
    else {
      this.stack.push(name);
      this.locals.push(local);
    }
    return i + 1;
  }
}
