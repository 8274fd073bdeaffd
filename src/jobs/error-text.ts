// An error as people read it in a row or a message, in the run's language.
import { ValidationError } from "../api";
import { KeyedError, serviceText, type Message } from "../rules/message";
import type { Lang } from "../sheet/i18n/lang";
import { translate } from "../sheet/i18n/translate";

/** An error as a row's result: the service's message and each of its validation errors, in `lang`. */
export function errorText(err: unknown, lang: Lang = "en"): string {
  if (err instanceof ValidationError) {
    // The service often repeats its message as the only validation error: said once.
    const more = (err.validationErrors ?? []).filter((m) => m.trim() !== err.message.trim());
    const extra = more.length ? `: ${more.map((m) => translate(m, lang)).join("; ")}` : "";
    return `${translate(err.message, lang)}${extra}`;
  }
  return err instanceof Error ? translate(err.message, lang) : String(err);
}

/** An error as a row's result by key: the service's own text, put into the reader's language where shown. */
export function errorMsg(err: unknown): Message {
  return err instanceof KeyedError ? err.msg : serviceText(errorText(err));
}
