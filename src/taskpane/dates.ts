// Dates and months as the pane shows them and reads them back: in Thai as Thai accountants write
// them, day/month/Buddhist-era year (15/03/2569, 03/2569); in English as the browser's date and
// month inputs hold them (2026-03-15, 2026-03). Typed text is taken either way, the year in either
// era (a year after 2400 is Buddhist era). Pure.
// Shared with the CLI and the jobs (jobs/month.ts): reading what is typed, and showing a date.
export { shownDate, shownMonth, typedDate, typedMonth } from "../jobs/month";
