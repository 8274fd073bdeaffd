// A client of the local test service whose every request is recorded, so each test file can
// check at its end that all bodies it sent validate against openapi-2020.yaml.
import { createClient, type ClientOptions, type DocSheetClient } from "../../../src/api/client";
import { checkRequest, recordingFetch, type RecordedRequest } from "./openapi";

export const DEMO = { clientId: "demo", clientSecret: "demo-secret" } as const;
export const OTHER = { clientId: "other", clientSecret: "other-secret" } as const;

/** Every request recorded by clients made here, across the test file. */
export const recorded: RecordedRequest[] = [];

export function recordedClient(root: string, extra: Partial<ClientOptions> = {}): DocSheetClient {
  const rec = recordingFetch(root, extra.fetch ?? fetch);
  const client = createClient({ root, ...DEMO, ...extra, fetch: rec.fetch });
  // Share one list for the whole file; keep the order of sending.
  const push = rec.requests.push.bind(rec.requests);
  rec.requests.push = (...items: RecordedRequest[]) => {
    recorded.push(...items);
    return push(...items);
  };
  return client;
}

/** Problems of every recorded body against the 2020 description. */
export function bodyProblems(): string[] {
  return recorded.flatMap(checkRequest);
}
