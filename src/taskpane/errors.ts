// Every failure the pane can meet → one clear sentence in the user's language. Secrets never reach
// here: the client redacts them before it builds an error.
import {
  ApiError, AuthError, CancelledError, NetworkError, NotFoundError, OutcomeUnknownError, RateLimitError, ServerError, ValidationError,
  WrongCredentialsError,
} from "../api/errors";
import { renderError, serviceTextIn } from "../sheet/i18n/render";
import type { Translate } from "./i18n";

/** Office.js errors carry a string `code` (ItemNotFound, InvalidArgument, ...). */
function officeCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

export function describeError(err: unknown, t: Translate): string {
  // The service's and the jobs' messages are English templates: shown in the pane's language.
  const lang = t.lang ?? "en";
  const message = renderError(err, lang);
  const name = err instanceof Error ? err.name : "";
  if (name === "NotConnectedError") return t("needConnection");
  if (name === "JobCancelledError") return t("cancelled");
  if (name === "SelectionChangedError") return t((err as { deleting?: boolean }).deleting ? "selectionChanged" : "selectionChangedRun");
  if (name === "PreviewChangedError") {
    const { previewed, sheet } = err as { previewed?: string; sheet: string };
    return previewed && previewed !== sheet ? t("updateOtherSheet", { previewed, sheet }) : t("updatePreviewStale");
  }
  if (name === "NothingToUndoError" || name === "NoRowsError" || name === "FamilyMismatchError") return message;
  // Another company's sheet: the job names both companies, in the pane's language.
  if (name === "OtherCompanyError") return message;
  // A job that stopped part way (the service gone) says itself what it did and did not send.
  if (name === "ConnectionError" && (err as { stopped?: unknown }).stopped === true) return message;
  // The post job stops on connection failures and keeps the client's error as the cause.
  if (name === "ConnectionError" && (err as Error).cause instanceof ApiError) return describeError((err as Error).cause, t);
  if (err instanceof WrongCredentialsError) return t("err_credentials");
  if (err instanceof RateLimitError) return t("err_rate", { seconds: Math.max(1, Math.ceil((err.retryAfterMs ?? 60_000) / 1000)) });
  if (err instanceof NetworkError) return t("err_network");
  if (err instanceof OutcomeUnknownError) return t("err_outcome");
  if (err instanceof AuthError) return t("err_auth");
  if (err instanceof ServerError) {
    const status = err.httpStatus ?? "5xx";
    return err.requestId ? t("err_server_id", { status, id: err.requestId }) : t("err_server", { status });
  }
  if (err instanceof ValidationError) return t("err_validation", { message: (err.validationErrors?.map((m) => serviceTextIn(m, lang)) ?? [message]).join("; ") });
  if (err instanceof CancelledError) return t("cancelled");
  if (err instanceof NotFoundError) return t("err_notFound");
  if (err instanceof ApiError) return t("err_unknown", { message });
  // fetch() itself failing (no network, relay down, CORS) is a TypeError in browsers.
  if (err instanceof TypeError && /fetch|network|load failed/i.test(message)) return t("err_network");
  if (officeCode(err)) return t("err_host", { message });
  return t("err_unknown", { message });
}
