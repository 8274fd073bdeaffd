// The service's fault log: one short line per fault, with what a maintainer needs to find it (request
// id, method, route pattern, error classes) and nothing a request carried. Error messages and stacks
// are never written: database errors quote the statement's parameters (contacts, companies, amounts).
// Bounded: a line is at most MAX_LINE characters, a fault already shown this minute is only counted,
// and at most LINES_PER_MINUTE lines are written a minute, so a flood of bad requests cannot fill a disk.

export const MAX_LINE = 500;
export const LINES_PER_MINUTE = 20;
const MINUTE_MS = 60_000;
/** Causes followed: a query error wraps the driver's error, which may wrap a socket error. */
const MAX_CAUSES = 3;

export interface Fault {
  requestId: string;
  method: string;
  /** The route pattern ("/test/contacts/:id"), never the path with its values. */
  route: string;
  error: unknown;
}

/** "DrizzleQueryError < DatabaseError 42P01": the classes along the cause chain and their codes, never a message. */
export function errorKind(error: unknown): string {
  const parts: string[] = [];
  let e = error;
  for (let depth = 0; depth < MAX_CAUSES && e !== undefined && e !== null; depth++) {
    if (!(e instanceof Error)) {
      parts.push(typeof e);
      break;
    }
    // The constructor's name: some drivers put other words in `name` (pg sets "error").
    const name = (e.constructor?.name || e.name).replace(/[^\w$.-]/g, "").slice(0, 60) || "Error";
    const code = (e as { code?: unknown }).code;
    parts.push(typeof code === "string" && /^[A-Z0-9_]{1,32}$/.test(code) ? `${name} ${code}` : name);
    e = e.cause;
  }
  return parts.join(" < ");
}

export class FaultLog {
  private minuteStart = -Infinity;
  private written = 0;
  private readonly shown = new Set<string>();
  private hidden = 0;
  private summaryTimer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly write: (line: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  record(f: Fault): void {
    const t = this.now();
    if (t - this.minuteStart >= MINUTE_MS) this.startMinute(t);
    const what = `${f.method} ${f.route} ${errorKind(f.error)}`;
    if (this.shown.has(what) || this.written >= LINES_PER_MINUTE) {
      if (this.hidden++ === 0) {
        // Say how many were hidden at the end of the minute, even if no fault comes after them.
        this.summaryTimer = setTimeout(() => this.summarise(), this.minuteStart + MINUTE_MS - t);
        this.summaryTimer.unref?.();
      }
      return;
    }
    this.shown.add(what);
    this.written++;
    this.write(`service fault ${f.requestId}: ${what}`.slice(0, MAX_LINE));
  }

  private startMinute(t: number): void {
    this.summarise();
    this.minuteStart = t;
    this.written = 0;
    this.shown.clear();
  }

  private summarise(): void {
    clearTimeout(this.summaryTimer);
    if (this.hidden > 0) {
      this.write(`service faults: ${this.hidden} more in the last minute not shown (repeats of a fault shown, or over ${LINES_PER_MINUTE} lines a minute)`);
    }
    this.hidden = 0;
  }
}
