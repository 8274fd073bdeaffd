// PDF rendering off the event loop: a piscina pool of worker threads, created on the first render,
// with a time budget per render. A render over budget (queue wait included) is aborted, which makes
// piscina terminate the thread running it, and the request gets an envelope instead of a hang; a
// full queue is refused the same way, so a burst of exports cannot pile up without bound.
import type Piscina from "piscina";
import { availableParallelism } from "node:os";
import { extname, join } from "node:path";
import type { PdfTask } from "./pdf-worker";
import { ServiceError } from "../envelope";

export const DEFAULT_PDF_BUDGET_MS = 10_000;
/** Renders waiting for a thread beyond those running; more are refused as busy. */
const MAX_QUEUE = 32;
/** A render that needs more heap than this is a runaway: its thread dies, the service does not. */
const WORKER_HEAP_MB = 512;
const RETRY_AFTER_SECONDS = "5";

// Same extension as this module: .ts under tsx, .js when compiled.
const WORKER_FILE = join(__dirname, `pdf-worker${extname(__filename)}`);

const pdfBudgetExceeded = (budgetMs: number): ServiceError =>
  new ServiceError(503, `PDF export took longer than ${budgetMs / 1000} s and was stopped; try again later`, 503, null, {
    "Retry-After": RETRY_AFTER_SECONDS,
  });
const pdfBusy = (): ServiceError =>
  new ServiceError(503, "Too many PDF exports at once; try again in a few seconds", 503, null, { "Retry-After": RETRY_AFTER_SECONDS });

/**
 * The node options of the worker threads: the parent's, so a parent under tsx (`--import tsx`, or
 * the tsx command's own loader flags) gives its threads the loader too; a TypeScript worker file
 * without a loader in sight (a test runner that compiles in-process) gets tsx added.
 */
export function workerExecArgv(execArgv: string[] = process.execArgv, workerFile = WORKER_FILE): string[] {
  const hasTsx = execArgv.some((a) => /\btsx\b/.test(a));
  return workerFile.endsWith(".ts") && !hasTsx ? [...execArgv, "--import", "tsx"] : execArgv;
}

export interface PdfPoolOptions {
  /** Time allowed for one render, queue wait included. */
  budgetMs?: number;
  threads?: number;
}

export class PdfPool {
  private pool: Piscina<PdfTask, Uint8Array> | undefined;
  readonly budgetMs: number;
  private readonly threads: number;

  constructor(opts: PdfPoolOptions = {}) {
    this.budgetMs = opts.budgetMs ?? DEFAULT_PDF_BUDGET_MS;
    // One core stays with the event loop (the machine may have only two).
    this.threads = opts.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  }

  private started(): Piscina<PdfTask, Uint8Array> {
    if (this.pool) return this.pool;
    // piscina loads with the first render: most services never print.
    const { Piscina: Pool } = require("piscina") as typeof import("piscina");
    this.pool = new Pool({
      filename: WORKER_FILE,
      minThreads: 1,
      maxThreads: this.threads,
      idleTimeout: 60_000,
      maxQueue: MAX_QUEUE,
      execArgv: workerExecArgv(),
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    return this.pool;
  }

  /** The PDF, or a ServiceError (503) when the budget (the pool's unless given) runs out or the
   * queue is full. */
  async render(input: PdfTask, budgetMs = this.budgetMs): Promise<Buffer> {
    const signal = AbortSignal.timeout(budgetMs);
    try {
      const bytes = await this.started().run(input, { signal });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (err) {
      if (signal.aborted) throw pdfBudgetExceeded(budgetMs);
      if (err instanceof Error && /queue is at limit/i.test(err.message)) throw pdfBusy();
      throw err;
    }
  }

  /** Stops the threads (renders still running are abandoned); a later render starts them again. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }
}
