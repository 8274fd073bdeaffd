// A message as it travels: the key of its template and the values of its placeholders, rendered in
// the reader's language only where it is shown (sheet/i18n/render.ts), so nothing has to parse
// finished text back. A value may be a message itself ("not sent: {reason}"), or a list of them
// ("E3: …; B3: …"). `text` is the English the tables write (what the service answers and what the
// `message` fields of findings and results keep); people read render(message, lang). Pure.

export type Param = string | number | Message | readonly Message[];

export interface Message {
  /** Table and key: "rules.contactRequired", "sheet.keyEmpty", "results.notSent", "at". */
  readonly key: string;
  readonly params: Readonly<Record<string, Param>>;
  /** The English text as the tables write it, placeholders filled. */
  readonly text: string;
  /** Shown without its final full stop (a message inside another's sentence). */
  readonly bare?: true;
}

/** The {name} placeholders of a template literal type ("{'name':…}" in examples is none). */
export type Placeholders<S extends string> = string extends S
  ? never
  : S extends `${string}{${infer P}}${infer R}`
    ? (P extends `${string}${"'" | " " | ":"}${string}` ? never : P) | Placeholders<R>
    : never;

/** The values a template takes: each of its placeholders, no other. */
export type ParamsOf<S extends string> = [Placeholders<S>] extends [never]
  ? Record<string, never>
  : { readonly [P in Placeholders<S>]: Param };

/** The English of a value. */
export function paramText(value: Param): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (isMessageList(value)) return value.map((m) => m.text).join("; ");
  return value.text;
}

export function isMessageList(value: Param): value is readonly Message[] {
  return Array.isArray(value);
}

/** Fills {name} placeholders of a message template; unknown placeholders are left as written. */
export function formatMessage(template: string, params: Readonly<Record<string, Param>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? paramText(params[name]) : whole,
  );
}

/** A message of `table`'s `key`, its English filled from `template`. */
export function keyed(table: string, key: string, template: string, params: Readonly<Record<string, Param>>): Message {
  return { key: `${table}.${key}`, params, text: formatMessage(template, params) };
}

/** `m` inside another's sentence: without its final full stop. */
export function bare(m: Message): Message {
  return { ...m, text: m.text.replace(/\.$/, ""), bare: true };
}

/** A message at a cell or an option: "E3: …", "--collected: …". */
export function at(where: string, message: Message): Message {
  return { key: "at", params: { at: where, message }, text: `${where}: ${message.text}` };
}

/** Text the service sent (an error body): it is put into the reader's language by its words. */
export function serviceText(text: string): Message {
  return { key: "service", params: { text }, text };
}

/** A schema's field phrase ("must be a number") after the field's name: "{field} {phrase}". */
export function phrase(field: string, words: string): Message {
  return { key: "phrase", params: { field, phrase: words }, text: field ? `${field} ${words}` : words };
}

/** What a constructor of `template` takes after the key: its values, or nothing when it has none
 * (a template built at load time is not a literal type: any values). */
export type ArgsOf<S extends string> = string extends S
  ? [params?: Readonly<Record<string, Param>>]
  : [Placeholders<S>] extends [never] ? [] : [params: ParamsOf<S>];

/** Where an English string must stay in an object (what the service answers, what tests compare),
 * its message rides beside it under `name`, not enumerable: comparisons and JSON see the English
 * alone, display code reads the key. */
export function beside<T extends object, N extends string>(o: T, name: N, msg: Message): T & { readonly [K in N]: Message } {
  Object.defineProperty(o, name, { value: msg, enumerable: false });
  return o as T & { readonly [K in N]: Message };
}

/** The keys of a table whose templates take no values. */
export type PlainKeys<T extends Readonly<Record<string, string>>> = { [K in keyof T & string]: ArgsOf<T[K]> extends [] ? K : never }[keyof T & string];

/** An error whose message travels by key: `message` is its English, `msg` what is shown (render). */
export class KeyedError extends Error {
  constructor(readonly msg: Message, options?: ErrorOptions) {
    super(msg.text, options);
  }
}
