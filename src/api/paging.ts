// Reading every page of a list. Page 1 tells the total; the remaining pages are then fetched up to
// `concurrency` at a time, and yielded strictly in order. At most `concurrency` pages are fetched
// ahead of the consumer, so a slow consumer does not pile pages up in memory.

import { ApiError, CancelledError } from "./errors";
import type { ListPage } from "./types";
import { PAGE_SIZE_MAX } from "../rules/codes";

export type FetchPage<T> = (page: number, pageSize: number, signal: AbortSignal) => Promise<ListPage<T>>;

export interface IterateOptions {
  /** Default 200, the service's maximum. */
  pageSize?: number;
  /** Pages in flight at once; default 4. 1 reads strictly one after another. */
  concurrency?: number;
  signal?: AbortSignal;
}

export async function* iterateList<T>(fetchPage: FetchPage<T>, opts: IterateOptions = {}): AsyncGenerator<ListPage<T>, void, undefined> {
  const pageSize = opts.pageSize ?? PAGE_SIZE_MAX;
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 4));
  // Our own controller: stops fetches in flight when the caller cancels or stops iterating early.
  const ctl = new AbortController();
  const onAbort = () => ctl.abort();
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  const checkCancelled = () => {
    if (opts.signal?.aborted) throw new CancelledError("list");
  };
  const inFlight = new Map<number, Promise<ListPage<T>>>();
  const start = (page: number) => {
    const p = fetchPage(page, pageSize, ctl.signal);
    p.catch(() => {}); // awaited in order below; keep a later page's failure from going unhandled meanwhile
    inFlight.set(page, p);
  };
  const take = async (page: number): Promise<ListPage<T>> => {
    try {
      return await inFlight.get(page)!;
    } catch (err) {
      checkCancelled();
      throw err;
    } finally {
      inFlight.delete(page);
    }
  };

  try {
    checkCancelled();
    start(1);
    const first = await take(1);
    checkCancelled();
    yield first;
    const total = typeof first.total === "number" && first.total >= 0 ? first.total : undefined;

    if (total === undefined) {
      // No total: read on one page at a time until a short page.
      let last = first;
      for (let page = 2; last.list.length >= pageSize; page++) {
        checkCancelled();
        start(page);
        last = await take(page);
        checkCancelled();
        yield last;
      }
      return;
    }

    const pages = Math.ceil(total / pageSize);
    let next = 2;
    for (let page = 2; page <= pages; page++) {
      while (next <= pages && next < page + concurrency) start(next++);
      const got = await take(page);
      checkCancelled();
      yield got;
    }
  } catch (err) {
    if (opts.signal?.aborted && !(err instanceof CancelledError)) throw new CancelledError("list");
    if (err instanceof ApiError || err instanceof Error) throw err;
    throw new ApiError(String(err), { operation: "list" });
  } finally {
    opts.signal?.removeEventListener("abort", onAbort);
    ctl.abort();
  }
}

/** Every item of every page, in order. */
export async function* iterateItems<T>(fetchPage: FetchPage<T>, opts: IterateOptions = {}): AsyncGenerator<T, void, undefined> {
  for await (const page of iterateList(fetchPage, opts)) yield* page.list;
}
