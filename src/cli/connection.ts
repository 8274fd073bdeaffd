// Messages of a run that could not reach the service. A --base-url without its root (…:8787
// instead of …:8787/test) meets a 404 at the token request; the service's bare "Not Found" does not
// say why, so the message says which URL was missing and which root was probably meant.
import { ApiError, WrongCredentialsError, isServiceUnreachable } from "../api";
import type { Lang } from "../sheet/i18n/lang";
import { resultMsg } from "../sheet/i18n/results";
import { words, type Attempt } from "./words";
import { render, renderError } from "../sheet/i18n/render";
import { serviceText } from "../rules/message";
import { unreachableMsg } from "../jobs/stop";

function apiCause(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  return err instanceof Error && err.cause !== undefined ? apiCause(err.cause) : undefined;
}

/** The error's message, with a hint when the root was not a service root; a service that could
 * not be reached at all is said so, with the root tried, in the run's language. */
export function connectionMessage(err: unknown, root: string, lang: Lang = "en"): string {
  const message = err instanceof Error ? err.message : String(err);
  if (isServiceUnreachable(err)) return render(unreachableMsg(err, root), lang);
  const api = apiCause(err);
  if (api instanceof WrongCredentialsError) return render(resultMsg("wrongCredentials"), lang);
  // Anything else in the run's language as far as it is known (the service's words translated).
  if (api?.operation !== "token" || api.httpStatus !== 404) return lang === "en" ? message : renderError(err, lang);
  const said = { message: serviceText(message), url: `${root}/token`, root };
  const path = new URL(root).pathname.replace(/\/+$/, "");
  return render(path === ""
    ? resultMsg("notServiceRootGuess", { ...said, guess: `${root}/test` })
    : resultMsg("notServiceRoot", { ...said, local: "http://127.0.0.1:8787/test", remote: "https://openapi.flowaccount.com/v1" }), lang);
}

/** The line a command prints when the service failed it: "docsheet: cannot post: …", in --lang;
 * `records`: of contacts, products, vouchers or certificates, not documents. */
export function connectionFailure(err: unknown, root: string, lang: Lang, attempt: Attempt, records = false): string {
  const say = words(lang);
  return `docsheet: ${(records ? say.cannotRecords[attempt] : undefined) ?? say.cannot[attempt]}: ${connectionMessage(err, root, lang)}\n`;
}
