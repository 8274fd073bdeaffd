// The English texts of namespace system (src/texts/en: one table, a file per namespace so a bundle
// takes only what it shows; th/system.ts is its Thai twin).

/** What a system error's code means (sheet/i18n/system.ts), where a file could not be read or
 * written: said in Thai with the code after it in brackets ("ดิสก์เต็ม [ENOSPC]"). English shows
 * the system's own message instead, which already starts with its code; these name the same. */
export const system = {
  ENOSPC: "No space left on the disk",
  EDQUOT: "The disk quota is used up",
  EACCES: "No permission to write",
  EPERM: "No permission to write",
  EROFS: "The disk is read-only",
  ENOENT: "No such file or folder",
  EISDIR: "A folder, not a file",
  EBUSY: "The file is in use",
  EMFILE: "Too many files open at once",
  EIO: "The disk could not be read or written",
  EFBIG: "The file is larger than the disk takes",
  /** A code none of the above names. */
  other: "The system reported an error",
};
