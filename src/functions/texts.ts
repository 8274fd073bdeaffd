// What the worksheet functions say in a cell's error, in English and Thai (src/texts, namespace
// functions). Messages travel as {key, params} until a cell shows them. Pure.
import type { Lang } from "../sheet/i18n/lang";
import { functions as en } from "../texts/en/functions";
import { functions as th } from "../texts/th/functions";

const TEXTS: Readonly<Record<Lang, Readonly<Record<FunctionTextKey, string>>>> = { en, th };

export type FunctionTextKey = keyof typeof en;
export type FunctionParam = string | number | FunctionMessage;
export interface FunctionMessage {
  key: FunctionTextKey;
  params?: Readonly<Record<string, FunctionParam>>;
}

export const msg = (key: FunctionTextKey, params?: Record<string, FunctionParam>): FunctionMessage => ({ key, params });

export function renderFunctionText(m: FunctionMessage, lang: Lang): string {
  return TEXTS[lang][m.key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = m.params?.[name];
    if (v === undefined) return whole;
    return typeof v === "object" ? renderFunctionText(v, lang) : String(v);
  });
}

/** A cell's error: #VALUE! for an argument it cannot take, #N/A for figures it cannot have. */
export class FunctionError extends Error {
  constructor(readonly code: "#VALUE!" | "#N/A", readonly message_: FunctionMessage) {
    super(renderFunctionText(message_, "en"));
  }
}
