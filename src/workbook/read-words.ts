// Why the .xlsx reader refuses a file, in English and Thai by key (src/texts, namespace reader), as
// src/cli/usage-words.ts keeps the command's own: an XlsxReadError (or XmlError) carries its key
// and values and is rendered in the run's language where it is shown. Part names, sheet names and
// what the file holds stay as they are. Pure (the preview page reads workbooks in the browser too).
import type { Lang } from "../rules/lang";
import { reader as en } from "../texts/en/reader";
import { reader as th } from "../texts/th/reader";

/** Each refusal's words by language (src/texts, namespace reader). */
export const READ_WORDS = Object.fromEntries(
  (Object.keys(en) as (keyof typeof en)[]).map((key) => [key, { en: en[key], th: th[key] }]),
) as { readonly [K in keyof typeof en]: Readonly<Record<Lang, string>> };

export type ReadKey = keyof typeof READ_WORDS;

/** A reader's message: its key and values, a value itself a message when one wraps another. */
export interface ReadMessage {
  readonly key: ReadKey;
  readonly params: Readonly<Record<string, ReadParam>>;
}
export type ReadParam = string | number | ReadMessage;

/** `msg`'s words in `lang`, values put in (a number as Excel shows it: 1,048,576). */
export function readText(msg: ReadMessage, lang: Lang): string {
  return READ_WORDS[msg.key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(msg.params, name)) return whole;
    const value = msg.params[name];
    return typeof value === "object" ? readText(value, lang) : typeof value === "number" ? value.toLocaleString("en-US") : value;
  });
}

/** An error of the reader that says why by key: `message` is its English. */
export class ReadWordsError extends Error {
  readonly readMessage: ReadMessage;
  constructor(key: ReadKey, params: Readonly<Record<string, ReadParam>> = {}) {
    const readMessage = { key, params };
    super(readText(readMessage, "en"));
    this.readMessage = readMessage;
  }
}

/** The message an error carries, when it is the reader's. */
export function readMessageOf(err: unknown): ReadMessage | undefined {
  const msg = (err as { readMessage?: ReadMessage } | null)?.readMessage;
  return msg && Object.hasOwn(READ_WORDS, msg.key) ? msg : undefined;
}
