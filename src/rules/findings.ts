// A finding: one thing wrong with a body, tied to the path of its field so the sheet layer can
// point at the cell (items.2.pricePerUnit → the row of line 3, the pricePerUnit column).

export interface Finding {
  /** Dotted path of the field: "vatAmount", "items.2.pricePerUnit", "" for the whole body. */
  path: string;
  /** The spec's exact text where the spec gives one. */
  message: string;
  /** "error" blocks the service from accepting the body; "warning" only informs (add-in checks). */
  severity: "error" | "warning";
}

export const finding = (path: string, message: string, severity: Finding["severity"] = "error"): Finding => ({
  path,
  message,
  severity,
});
