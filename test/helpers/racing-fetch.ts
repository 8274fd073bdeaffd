// A fetch for two posts run at once that makes them race as a real pair can: every create waits
// until the posts have all looked up what the service has, so none finds another's record.
/** `isLook`: a request that is a post's look-up (GET); `looks`: how many there are before the
 * creates may go; `isCreate`: a create (POST) to hold until then. */
export function racingFetch(isLook: (url: URL) => boolean, looks: number, isCreate: (url: URL) => boolean): typeof fetch {
  let seen = 0;
  let release!: () => void;
  const allLooked = new Promise<void>((resolve) => (release = resolve));
  return async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? "GET";
    if (method === "POST" && isCreate(url)) await allLooked;
    const res = await fetch(input, init);
    // A look counts once answered: the service has read its records then, and no create ran before.
    if (method === "GET" && isLook(url) && ++seen === looks) release();
    return res;
  };
}

/** A fetch over `inner` that loses the answer to the first create (POST) `isCreate` names, after
 * the service made it: the caller cannot know its record was created. */
export function losingFirstAnswer(inner: typeof fetch, isCreate: (url: URL) => boolean): { fetch: typeof fetch; dropped: () => boolean } {
  let dropped = false;
  return {
    dropped: () => dropped,
    fetch: async (input, init) => {
      const res = await inner(input, init);
      if ((init?.method ?? "GET") === "POST" && isCreate(new URL(String(input))) && !dropped) {
        dropped = true;
        await res.arrayBuffer();
        throw new TypeError("fetch failed");
      }
      return res;
    },
  };
}
