// Which text the store can keep, apart from the zod schemas: list filters (list-order.ts) check it
// too, and the command line's --help must load no package (test/cli/help.test.ts).

// Unpaired UTF-16 surrogates cannot be written as UTF-8, and PostgreSQL text cannot hold NUL. The
// other control characters (but tab, line feed and carriage return) are no text a person types: a
// pulled sheet would drop them silently, so they are refused at the field as NUL is.
export const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// String.prototype.isWellFormed (Node 20, current browsers) scans a 14 MB base64 text ten times
// faster than the pattern; older task-pane hosts use the pattern.
const isWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/** True for text the store keeps as it is: no control character but tab, line feed and carriage
 * return (NUL among them), no unpaired surrogate. */
export const isStorableText: (text: string) => boolean = isWellFormed
  ? (text) => !CONTROL.test(text) && isWellFormed.call(text)
  : (text) => !UNSTORABLE.test(text);
