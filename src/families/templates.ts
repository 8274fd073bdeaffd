// Each family's template (jobs/template.ts), the part that differs per family: the sheet a new
// workbook starts from (its columns headed in the user's language, one example that checks clean)
// and whether its drop-downs pick from the company's lookup lists. Beside the entries, as
// postings.ts: the sheet layer's templates read the entries' sheets, so only the job loads this.
import { isFamily, WHT_FAMILY, type SheetFamily } from "../rules/codes";
import { bookTemplate } from "../sheet/books/sheet";
import type { Lang } from "../sheet/i18n/lang";
import { template, type Template } from "../sheet/template";
import { whtTemplate } from "../sheet/wht-rows";
import { isBook } from "./cards";

export interface FamilyTemplate {
  /** Its drop-downs may pick from the workbook's lookup lists (contacts, products, channels,
   * categories, accounts), read from the service when connected; a certificate names its payee
   * itself and takes none. */
  readonly lookups: boolean;
  /** The sheet of `today`'s example, in `lang`; `lookups`: the lists are in the workbook. */
  make(today: string, lang: Lang, lookups: boolean): Template;
}

const CERTIFICATE_TEMPLATE: FamilyTemplate = { lookups: false, make: (today, lang) => whtTemplate(today, lang) };

export function templateOf(family: SheetFamily): FamilyTemplate {
  if (family === WHT_FAMILY) return CERTIFICATE_TEMPLATE;
  if (isBook(family)) return { lookups: true, make: (today, lang, lookups) => bookTemplate(family, today, lang, lookups) };
  if (isFamily(family)) return { lookups: true, make: (today, lang, lookups) => template(family, today, { lang, lookups }) };
  throw new Error(`no family ${String(family)}`);
}
