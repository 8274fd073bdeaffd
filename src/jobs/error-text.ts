// An error as people read it in a row or a message, in the run's language.
import { CancelledError, NetworkError, OutcomeUnknownError, ValidationError } from "../api";
import { resultMsg } from "../sheet/i18n/results";
import { KeyedError, serviceText, type Message } from "../rules/message";
import type { Lang } from "../sheet/i18n/lang";
import { render } from "../sheet/i18n/render";
import { translate } from "../sheet/i18n/translate";

/** An error as a row's result: the service's message and each of its validation errors, in `lang`. */
export function errorText(err: unknown, lang: Lang = "en"): string {
  if (err instanceof ValidationError) {
    // The service often repeats its message as the only validation error: said once.
    const more = (err.validationErrors ?? []).filter((m) => m.trim() !== err.message.trim());
    const extra = more.length ? `: ${more.map((m) => translate(m, lang)).join("; ")}` : "";
    return `${translate(err.message, lang)}${extra}`;
  }
  if (err instanceof CancelledError) return render(cancelledMsg(err), lang);
  return err instanceof Error ? translate(err.message, lang) : String(err);
}

/** An error as a row's result by key: the service's own text, put into the reader's language where
 * shown; the connection failing, by what failed (the client's own words name its operation). */
export function errorMsg(err: unknown): Message {
  if (err instanceof NetworkError) return unreachableMsg(err);
  if (err instanceof OutcomeUnknownError) return resultMsg("answerLost");
  if (err instanceof CancelledError) return cancelledMsg(err);
  return err instanceof KeyedError ? err.msg : serviceText(errorText(err));
}

/** The client's own cancel: a request already on its way may have been done. */
const cancelledMsg = (err: CancelledError): Message => resultMsg(err.outcomeUnknown ? "cancelledSent" : "cancelled");

/** "the service could not be reached at ROOT: nothing answers there", in words a person reads
 * (the system's code in English only): `root` when the error does not carry the address. */
export function unreachableMsg(err: NetworkError, root = ""): Message {
  const code = err.netCode;
  const reason = code === "ECONNREFUSED" ? resultMsg("netRefused")
    : code === "ECONNRESET" ? resultMsg("netReset")
    : code === "ENOTFOUND" || code === "EAI_AGAIN" ? resultMsg("netHostUnknown")
    : code === "EHOSTUNREACH" || code === "ENETUNREACH" ? resultMsg("netNoRoute")
    : code === "ETIMEDOUT" || code === "UND_ERR_CONNECT_TIMEOUT" ? resultMsg("netNoAnswer")
    : code !== undefined && /SSL|TLS|CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code) ? resultMsg("netSecure")
    : /\bbad port\b/.test(err.message) ? resultMsg("netBadPort")
    // A request given up on; else what failed, without the client's operation name
    // (productMasters.create), which is not the reader's word.
    : timedOut(err.message) ?? resultMsg("netOther", { detail: err.message.replace(/^[\w.]+: /, "") });
  return resultMsg("serviceGoneWhy", { address: err.address ?? root, reason });
}

/** A request the client gave up waiting for ("products.get: no answer within 30000 ms"). */
function timedOut(message: string): Message | undefined {
  const ms = /^[\w.]+: no answer within (\d+) ms$/.exec(message)?.[1];
  return ms === undefined ? undefined : resultMsg("netTimedOut", { seconds: Math.round(Number(ms) / 1000) });
}
