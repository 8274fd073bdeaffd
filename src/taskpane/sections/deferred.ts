// The sections the pane does not need for its first paint (Columns, Check, Post, Update, Pull,
// Actions and Refresh figures): one chunk, fetched as soon as the pane shows (app.tsx), with the sheet and rules code
// they bring (i18n, values, decimal.js).
export { ActionsSection } from "./actions";
export { CheckSection } from "./check";
export { FiguresSection } from "./figures";
export { MappingSection } from "./mapping";
export { PostSection } from "./post";
export { PullSection } from "./pull";
export { UpdateSection } from "./update";
