// The client of the accounting service, for the jobs, the CLI and the task pane.
export * from "./client";
export * from "./errors";
export * from "./paging";
export * from "./routes";
export * from "./types";
export { parseRetryAfter, backoffDelay } from "./backoff";
export { createPacer, defaultRequestsPerMinute, type Pacer } from "./pacing";
