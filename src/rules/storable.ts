// Which text the store can keep, apart from the zod schemas: list filters (list-order.ts) check it
// too, and the command line's --help must load no package (test/cli/help.test.ts).

// Unpaired UTF-16 surrogates cannot be written as UTF-8, and PostgreSQL text cannot hold NUL.
export const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

// String.prototype.isWellFormed (Node 20, current browsers) scans a 14 MB base64 text ten times
// faster than the pattern; older task-pane hosts use the pattern.
const isWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/** True for text the store can keep as it is: no NUL, no unpaired surrogate. */
export const isStorableText: (text: string) => boolean = isWellFormed
  ? (text) => !text.includes("\u0000") && isWellFormed.call(text)
  : (text) => !UNSTORABLE.test(text);
