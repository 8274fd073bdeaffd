// Text search of lists (documents, contacts, products, withholding taxes) matches as written.

/** An ILIKE pattern matching text that contains `search` literally: %, _ and \ in it are escaped
 * (backslash is ILIKE's default escape character), so they are not wildcards. */
export const containsPattern = (search: string): string => `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
