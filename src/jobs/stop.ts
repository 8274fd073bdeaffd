// Stopping a job when going on is pointless: the credentials are refused, or the service cannot be
// reached after the client's own retries (killed, restarted, network gone). Every row left would
// fail the same way, minutes of retries on a big sheet, so the job stops starting rows and says
// what it did and did not do.
import { ApiError, AuthError, NetworkError, WrongCredentialsError, isServiceUnreachable } from "../api";
import type { Lang } from "../sheet/i18n/lang";
import type { Message } from "../rules/message";
import { render } from "../sheet/i18n/render";
import { resultMsg } from "../sheet/i18n/results";
import { errorMsg, errorText, unreachableMsg } from "./error-text";

export { unreachableMsg };

/** Failures that are about the connection, not the row: the whole job stops. */
export class ConnectionError extends Error {
  /** The job stopped part way: the message counts what was done and what was not sent. */
  readonly stopped: boolean;
  /** The work was refused as a whole before anything was done (another company's sheet, records that
   * cannot be trusted): there is nothing to save, and the workbook is left as it was. */
  readonly refused: boolean;
  constructor(message: string, options?: { cause?: unknown; stopped?: boolean; refused?: boolean }) {
    super(message, options);
    this.name = "ConnectionError";
    this.stopped = options?.stopped ?? false;
    this.refused = options?.refused ?? false;
  }
}

/** Runs a step whose failure is the connection's, not a row's (the company guard, the first look-up):
 * any error of the service is a ConnectionError, which stops the job before a row is sent. */
export async function guardConnection<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError) throw new ConnectionError(errorText(err), { cause: err });
    throw err;
  }
}

export function isConnectionFailure(err: unknown): boolean {
  return err instanceof WrongCredentialsError || err instanceof AuthError || isServiceUnreachable(err)
    || (err instanceof NetworkError && err.operation === "token");
}

/** Why the job stopped (rows say "not sent: " + this). */
export function stopReason(err: unknown): Message {
  return isServiceUnreachable(err) ? resultMsg("serviceGone") : errorMsg(err);
}

/** The error a job stops with, its message in the run's language. */
export function stoppedError(fatal: unknown, msg: Message, lang: Lang): ConnectionError {
  return new ConnectionError(render(msg, lang), { cause: fatal, stopped: true });
}

/** The reason with the address tried and why, for the job's error (not the rows). */
export function stopDetail(err: unknown): Message {
  return isServiceUnreachable(err) ? unreachableMsg(err) : errorMsg(err);
}

/** A row a stop (the connection's failure, or a cancel) left: not sent, and why. */
export function notSentMsg(fatal: unknown): Message {
  return resultMsg("notSent", { reason: fatal ? stopReason(fatal) : resultMsg("cancelled") });
}

/** A send the connection failed under may still have reached the service: its row says so, not "not sent". */
export function mayHaveReached(err: unknown): boolean {
  return err instanceof NetworkError && !err.notSent;
}

/** "stopped: …. Done: n; not sent: m" of act, update and undo. */
export function runStoppedError(fatal: unknown, counts: { done: number; notSent: number }, lang: Lang): ConnectionError {
  return stoppedError(fatal, resultMsg("runStopped", { reason: stopDetail(fatal), ...counts }), lang);
}

/** `work` (a read before anything is done), with the service gone turned into the job's stop error:
 * nothing done, `notSent` rows not sent. Other errors pass as they are. */
export function stopIfGone<T>(work: Promise<T>, notSent: number, lang: Lang): Promise<T> {
  return work.catch((err: unknown) => {
    throw isConnectionFailure(err) ? runStoppedError(err, { done: 0, notSent }, lang) : err;
  });
}
