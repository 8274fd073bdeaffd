// What the worksheet functions load on their first call, in a chunk of its own: the functions'
// table and the jobs' reads (decimal.js, zod and the reports come with them), so the pane's first
// paint, which shares its page with the functions, carries none of it.
export { figureReads } from "../jobs/figures";
export { callFunction } from "./run";
