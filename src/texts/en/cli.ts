// The English texts of namespace cli (src/texts/en: one table, a file per namespace so a bundle
// takes only what it shows; th/cli.ts is its Thai twin).

/** What the command prints besides findings and row results (cli/words.ts). A summary is its parts
 * joined by ", " ({n} {n|row|rows}: the word for the count); English keeps the command's own word
 * (what the user typed) where Thai says what it does. */
export const cli = {
  // --- check ---
  checkedFindings: "{n} {n|finding|findings}",
  checkedWarnings: "{n} {n|warning|warnings}",
  checkedNotes: "{n} {n|note|notes}",
  warningLead: "warning: ",
  noteLead: "note: ",
  // --- a summary's counts ---
  created: "{n} created",
  found: "{n} found from an earlier run",
  foundShort: "{n} found",
  existing: "{n} already on the service",
  repeated: "{n} the same as an earlier row",
  skipped: "{n} already posted",
  notSent: "{n} not sent",
  failed: "{n} failed",
  unknown: "{n} unknown",
  done: "{n} done",
  skippedAct: "{n} skipped",
  deleted: "{n} deleted",
  voided: "{n} voided",
  wouldDelete: "would delete {n}",
  wouldVoid: "would void {n}",
  gone: "{n} already deleted or void",
  kept: "{n} left alone",
  /** Undo refused a record not verified as the post's (edited by hand): named only when there are some. */
  refused: "{n} refused (not verified as this post's)",
  updated: "{n} updated",
  toUpdate: "{n} to update",
  unchanged: "{n} unchanged",
  conflict: "{n} changed on the service",
  refusedUpdate: "{n} refused",
  refreshed: "{n} refreshed",
  added: "{n} added",
  void: "{n} void",
  deletedOnService: "{n} deleted on the service",
  edited: "{n} edited in the sheet and not refreshed",
  refusedRefresh: "{n} refused (the record id names another record)",
  // --- what a run did ---
  wrote: "{summary}; wrote {out}",
  dryRun: "dry run: {summary}; nothing changed",
  dryRunUpdate: "dry run: {summary}; nothing was sent",
  undone: "undone: {summary}",
  acted: "{doing}: {summary}",
  refreshedSheet: 'refreshed sheet "{sheet}": {summary}',
  pulled: 'pulled {records} into sheet "{sheet}" ({rows} {rows|row|rows}) of {out}',
  template: 'wrote {out}: sheet "{sheet}", {columns} {columns|column|columns}, {example}',
  templateLists: "lookup lists: {contacts} {contacts|contact|contacts}, {products} {products|product|products}, "
    + "{bankAccounts} {bankAccounts|bank account|bank accounts}, {cheques} {cheques|cheque|cheques}, "
    + "{creditCards} {creditCards|credit card|credit cards}, {pettyCash} petty cash, "
    + "{otherChannels} {otherChannels|other channel|other channels}, "
    + "{expenseCategories} {expenseCategories|expense category|expense categories}, {accounts} {accounts|account|accounts}",
  waitingForPost: "waiting: another docsheet post of {input} is running (process {pid})",
  /** A post stopped because its output could not be saved, the last try at the end having worked. */
  saveStoppedSaved: "stopped: {out} could not be saved ({detail}). {created} created, {found} found, {notSent} not sent. "
    + "The record ids of everything posted are now in {out}; posting {input} again sends the rest.",
  /** The same, its output never saved again. */
  saveStoppedLost: "stopped: {out} could not be saved ({detail}). {created} created, {found} found, {notSent} not sent. "
    + "The record ids of what was posted since {out} was last saved are not in it: posting {input} again to an output that "
    + "can be written finds those records on the service (none is created twice), and undo of that output then reverses them all.",
  // --- the word that starts a command's progress lines ("post: row 2 ...") ---
  doing_post: "post",
  doing_pull: "pull",
  doing_refresh: "refresh",
  doing_update: "update",
  doing_undo: "undo",
  doing_report: "report",
  doing_status: "status",
  doing_delete: "delete",
  doing_payment: "payment",
  doing_upgrade: "upgrade",
  doing_pdf: "pdf",
  doing_email: "email",
  doing_share: "share",
  doing_attach: "attach",
  // --- "cannot post": the start of a connection error, after "docsheet: " ---
  cannot_post: "cannot post",
  cannot_pull: "cannot pull",
  cannot_refresh: "cannot refresh",
  cannot_calc: "cannot calculate",
  cannot_update: "cannot update",
  cannot_undo: "cannot undo",
  cannot_documents: "cannot read the documents",
  cannot_lists: "cannot read the lookup lists",
  cannot_status: "cannot status",
  cannot_delete: "cannot delete",
  cannot_payment: "cannot payment",
  cannot_upgrade: "cannot upgrade",
  cannot_pdf: "cannot pdf",
  cannot_email: "cannot email",
  cannot_share: "cannot share",
  cannot_attach: "cannot attach",
  // The same of contacts, products, vouchers or certificates, where Thai would call them documents.
  cannotRecords_post: "cannot post",
  cannotRecords_pull: "cannot pull",
  cannotRecords_update: "cannot update",
  cannotRecords_documents: "cannot read the records",
  cannotRecords_delete: "cannot delete",
};
