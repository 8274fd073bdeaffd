// The languages everything a user reads comes in (rules/lang.ts), as the sheet's texts name them.
export { LANGS, isLang, type Lang } from "../../rules/lang";
