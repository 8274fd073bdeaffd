// The English texts of namespace results (src/texts/en: one table, a file per namespace so a bundle
// takes only what it shows; th/results.ts is its Thai twin).

/** What the jobs write into a row's result column and print (sheet/i18n/results.ts). */
export const results = {
  // --- post ---
  created: "created",
  createdFound: "created (found from an earlier run)",
  createdConfirmed: "created (confirmed after a lost answer)",
  /** The read-back failed or the list never showed it: the document exists, no race was ruled out. */
  createdUnchecked: "created (could not be checked against another post of this row at the same time)",
  foundRaceDeleted: "found: another post of this row running at the same time created it first; this run's copy {serial} was deleted",
  foundRaceVoided: "found: another post of this row running at the same time created it first; this run's copy {serial} was voided",
  raceStuck: "another post of this row running at the same time created {winner} first; this run's copy {serial} could not be removed ({reason}): void it on the service",
  /** A contact or product: deleted, never voided. */
  raceStuckDelete: "another post of this row running at the same time created {winner} first; this run's copy {serial} could not be removed ({reason}): delete it on the service",
  saveFailed: "the workbook could not be saved ({system})",
  alreadyPosted: "already posted",
  /** {reason}: the problems ("E2: message; F2: message"), an error or one of the reasons below. */
  notSent: "not sent: {reason}",
  notSentMore: "not sent: {reason} (+{more} more)",
  cellUnreadable: "a cell could not be read",
  cancelled: "cancelled",
  /** {record}: what the row's record is called (record-count.ts recordWord). */
  postUnknown: "outcome unknown: the answer was lost and the {record} could not be looked up; run post again to resolve it",
  postStopped: "stopped: {reason}. Posted in this run: {posted}; not sent: {notSent}. Posting again is safe: documents already created are found, not created twice",
  postStoppedUnknown: "stopped: {reason}. Posted in this run: {posted}; outcome unknown: {unknown}; not sent: {notSent}. Posting again is safe and settles the unknown: documents already created are found, not created twice",
  // --- the books (families/post-books.ts, update-books.ts) ---
  foundOnService: "found on the service, not created again",
  /** {fields}: labels of the row's fields the service's record holds otherwise. */
  foundOnServiceDiffers: "found on the service, not created again; the service's record differs in: {fields}",
  journalDraft: "Draft",
  journalApproved: "Approved",
  journalNoUpdate: "not sent: a posted journal voucher cannot be edited through the service",
  /** Two posts of the same voucher at once: the service cannot delete the second copy. */
  journalRaceLost: "the answer to this row's create was lost, and two vouchers carry the row's mark: {winner} is the row's, {serial} (record id {id}) is a duplicate another post of the row running at the same time may have made; the service cannot delete or void a journal voucher: reverse {serial} with a voucher of its own (its debits and credits swapped)",
  journalRaceTwin: "another post of this row running at the same time created {winner} first; this run's copy {serial} (record id {id}) is a duplicate the service cannot delete or void: reverse {serial} with a voucher of its own (its debits and credits swapped)",
  journalNoUndo: "Not undone: {serial}: the service has no way to delete or void a journal voucher; reverse it with a voucher of its own (its debits and credits swapped)",
  // --- act ---
  statusNotAllowed: 'status "{status}" cannot be set on {family}; use one of {statuses}',
  statusMissing: "no status to set on {family}; use one of {statuses}",
  statusSet: "status set to {status}",
  deleted: "deleted",
  noPayment: "no payment: {reason}",
  paidAmount: "paid {amount}",
  paidWithheld: "paid {amount}, tax withheld {withheld}",
  pdfExported: "PDF exported",
  noRecipient: "no e-mail address (fill in the Email column)",
  noSender: "no sender address (give the From e-mail)",
  notDelivered: "the service could not send it",
  emailed: "e-mailed to {to}",
  shareCreated: "share link created",
  attached: "attached {name}",
  notAttachedEmpty: "not attached: {name} is empty",
  alreadyUpgraded: "already upgraded (record {record})",
  notPostedYet: "skipped: not posted yet (no record id)",
  upgradeUnknown: "outcome unknown: the answer was lost and the source shows no new document yet; run upgrade again to resolve it",
  upgraded: "upgraded to {family} {serial}",
  upgradedWithPayment: "upgraded to {family} {serial} with payment",
  upgradedFound: "upgraded to {family} {serial} (found from an earlier run)",
  cannotUpgrade: "{family} documents cannot be upgraded",
  cannotUpgradeTo: 'a {family} cannot be upgraded to "{to}"; choose {allowed}',
  // act and update, before anything is sent: the row's record id and serial must name one document.
  rowOtherDocument: "refused: record id {recordId} is {actual} on the service, not {serial} as the row says; correct the record id or the document serial",
  rowOtherRecord: "refused: record id {recordId} is {actual} on the service, not {name} as the row says; correct the record id",
  rowUnverified: "refused: record id {recordId} ({actual} on the service) cannot be checked against this row: it has no document serial and no fingerprint that matches; fill in the document serial",
  rowOtherFamily: "refused: record id {recordId} is {family} {actual} on the service, not {chosen}; correct the record id",
  // --- undo ---
  undoDeleted: "Undone: {serial} deleted",
  undoVoided: "Undone: {serial} voided",
  undoWasDeleted: "Undone: {serial} was already deleted",
  undoWasVoid: "Undone: {serial} was already void",
  undoWouldDelete: "Would delete {serial}",
  undoWouldVoid: "Would void {serial}",
  undoPaid: "Not undone: {serial} was paid after the post",
  undoStatus: "Not undone: {serial} is {status} since the post",
  undoUpgraded: "Not undone: {serial} was made into {children} after the post",
  undoEdited: "Not undone: {serial} was edited after the post",
  undoFailed: "Not undone: {serial}: {reason}",
  // The record names a document undo cannot verify as the post's: left alone.
  undoRecordEdited: "Not undone: {serial}: this post's record of it was changed by hand",
  undoOtherDocument: "Not undone: record {recordId} is {actual} on the service, not {serial} as this post recorded it",
  undoNoMarker: "Not undone: {serial} does not carry this post's marker: this post did not create it",
  undoUnverified: "Not undone: {serial} cannot be verified as this post's document (the record keeps neither its marker nor a fingerprint that matches)",
  undoContacts: "Contacts the service created for this post: {results}",
  undoContactDeleted: "contact {name} deleted",
  undoContactWouldDelete: "would delete contact {name}",
  undoContactGone: "contact {name} was already deleted",
  undoContactEdited: "contact {name} stays: it was edited after the post",
  undoContactUsed: "contact {name} stays: used by {documents}",
  undoContactVoucher: "contact {name} stays: journal voucher {vouchers} names it",
  undoContactUnverified: "contact {name} stays: it cannot be verified as the one made for this post (the record of it was changed by hand, or is older than this check)",
  undoContactFailed: "contact {name} stays: {reason}",
  /** A contact posted from a contacts sheet that documents use since: undo leaves it. */
  undoInUse: "Not undone: {serial} is used by {documents}",
  undoInUseVoucher: "Not undone: {serial} is named by journal voucher {vouchers}",
  nothingToUndo: "Nothing to undo: this workbook records no {family} post",
  undoSheetMissing: 'Nothing undone: the sheet "{sheet}" this post wrote to is not in the workbook, and no sheet holds the record ids it wrote. Give the sheet its name "{sheet}" again (or open the workbook the post wrote to) and undo again',
  undoSheetAmbiguous: 'Nothing undone: the sheet "{sheet}" this post wrote to is not in the workbook, and more than one sheet holds the record ids it wrote. Give the post\'s sheet its name "{sheet}" again and undo again',
  // --- update ---
  updated: "updated: {fields}",
  toUpdate: "to update: {fields}",
  /** A row without a fingerprint: compared with the service's copy, but an edit made there since cannot be told from the sheet's. */
  updatedUnchecked: "updated: {fields}; changes made on the service since could not be checked (the row had no fingerprint)",
  toUpdateUnchecked: "to update: {fields}; changes made on the service since cannot be checked (the row has no fingerprint)",
  noChanges: "no changes",
  sameRecordAsRow: "not sent: row {row} names the same record, and its edits are the ones sent",
  notAwaiting: "not sent: only an awaiting {family} can be edited, and this one is {status}",
  changedOnService: "not sent: changed on the service since the sheet last saw it ({fields}); pull it again to see the service's copy",
  changedOnServiceUnnamed: "not sent: changed on the service since the sheet last saw it; pull it again to see the service's copy",
  updateUnknown: "outcome unknown: the service stopped answering after the change was sent; pull the document to see whether it was saved",
  /** A partial receipt's contact fields are the tax invoice's: the service takes them from it whatever is sent. */
  partialKeepsContact: "not sent: a receipt for part of a tax invoice takes its customer from that invoice, so {fields} cannot be changed on the receipt; put back the invoice's (the customer is changed on the tax invoice)",
  keepsSimple: "not sent: the document is simple on the service (one discount and VAT for the whole document); clear the line discounts and VAT rates",
  emptyValue: "(empty)",
  lineAdded: "(new line)",
  lineRemoved: "(removed)",
  // --- nothing to work on (post, act, update): never "0 created" ---
  noRowsEmpty: "Nothing was sent: the selection is empty. Select the rows with their header row, or click one cell of the table",
  noRowsHeaderOnly: "Nothing was sent: there are no rows under the header row. Select the rows with their header row, or click one cell of the table",
  noRowsNoHeader: "Nothing was sent: the first row of the selection is not a header row (no column names a field). Select the rows together with their header row, or click one cell of the table",
  /** {family}: the family the workbook remembers for the sheet; {chosen}: the one asked. */
  sheetFamilyDiffers: 'Nothing was sent: sheet "{sheet}" holds {family} documents, but the document type chosen is {chosen}. Choose {family} as the document type, or select another sheet',
  /** The same of a sheet of books or certificates: {records}, its records by their word ("products"). */
  sheetFamilyDiffersRecords: 'Nothing was sent: sheet "{sheet}" holds {records}, but the document type chosen is {chosen}. Choose {family} as the document type, or select another sheet',
  noRowsPosted: "Nothing was sent: none of the rows has been posted yet (no record id). Post them first",
  noRowsSelected: "Nothing was sent: none of the selected rows holds a document. Select rows under the header row",
  /** A note's mark on the sheet: something DocSheet did for the user, not a problem. */
  markNote: "Note: {message}",
  // --- company (jobs/company.ts) ---
  otherCompanyPost: "This sheet was posted to {bound}; you are connected to {connected}",
  otherCompanyPull: "This sheet was pulled from {bound}; you are connected to {connected}",
  otherCompanyTemplate: "This sheet was made with the lists of {bound}; you are connected to {connected}",
  otherCompanyReport: "This sheet is a report of {bound}; you are connected to {connected}",
  otherCompanyLists: "The lookup lists of this workbook were read from {bound}; you are connected to {connected}; refresh the lists while connected to {connected}, or connect to {bound}",
  unboundOther: "This sheet does not say which company it was posted to, and {rows} are not documents of {connected}; connect to the company it was posted to",
  unboundRow: "row {row} ({serial})",
  unboundRowsMore: "{rows} (+{more} more)",
  // --- the workbook's records, verified on the service (jobs/records-truth.ts) ---
  recordsFamilyDisagree: 'The workbook\'s records disagree about what sheet "{sheet}" holds: its pull says {pulled}, the sheet is remembered as {remembered}; nothing was changed',
  recordsCompanyDisagree: 'The workbook\'s records disagree about the company of sheet "{sheet}": it is stamped {stamped}, its post record says {posted}; nothing was changed',
  recordsOtherFamily: "{row}: record id {recordId} is {family} {actual} on the service, not {chosen} as the workbook's records say",
  recordsWrongFamily: 'The workbook\'s records give sheet "{sheet}" the wrong document type: {rows}; nothing was changed',
  recordsNotConnected: "Nothing was changed: {rows} are not {records} of {connected}, so the workbook's records of this sheet (its company, its document type) cannot be trusted; connect to the company of these {records}",
  // --- refresh ---
  refreshNotPulled: 'sheet "{sheet}" holds no pulled records: pull them first (refresh reads a pulled sheet again)',
  refreshUnchanged: "unchanged",
  refreshed: "refreshed",
  refreshedFields: "refreshed: {fields}",
  refreshAdded: "added by refresh",
  refreshVoid: "void on the service",
  refreshDeleted: "deleted on the service",
  refreshEdited: "not refreshed: edited in the sheet and not sent ({fields}); update sends it, or refresh these rows to take the service's copy",
  // --- progress and errors ---
  serviceGone: "the service could not be reached",
  /** {reason}: one of the net* reasons below. */
  serviceGoneWhy: "the service could not be reached at {address}: {reason}",
  netRefused: "nothing answers there (ECONNREFUSED)",
  netReset: "the connection was cut (ECONNRESET)",
  netHostUnknown: "no computer has that name (ENOTFOUND)",
  netNoRoute: "the network has no route to it (EHOSTUNREACH)",
  netNoAnswer: "it did not answer the connection (ETIMEDOUT)",
  /** https to an address that speaks http, or a certificate not trusted. */
  netSecure: "the secure (https) connection failed: the address may be http, or its certificate is not trusted",
  /** fetch refuses some ports (9, 25, ...) without trying them. */
  netBadPort: "that port is one that is never used for web services (bad port)",
  /** A failure with no code a person can be told of: its own words. */
  netOther: "network failure ({detail})",
  netTimedOut: "no answer within {seconds} s",
  wrongCredentials: "wrong client id or secret",
  answerLost: "outcome unknown: the answer was lost; check whether it was done before trying again",
  /** Cancelled while the request was on its way: the service may have done it. */
  cancelledSent: "cancelled after it was sent (outcome unknown): check whether it was done before trying again",
  /** A --base-url without its root (…:8787 for …:8787/test): the token request met a 404. */
  notServiceRootGuess: "{message} ({url}): {root} is not a service root; did you mean {guess}?",
  notServiceRoot: "{message} ({url}): {root} is not a service root; --base-url must be a service root such as {local} or {remote}",
  runStopped: "stopped: {reason}. Done: {done}; not sent: {notSent}",
  rowResult: "{key} (row {row}): {message}",
  /** A row of a sheet without a key column: its key is only its row (read.ts), said once. */
  rowOnlyResult: "row {row}: {message}",
  /** The documents a stopped or cancelled run did not send, in one progress line. */
  recordsLeft: "{records} left: {message}",
  /** A check of the books or the certificates: {records} is one of the counts below. */
  checkedRecords: "checked {records}",
  // --- what the records of a sheet are called, counted (record-count.ts): not all are documents ---
  countDocuments: "{number} documents",
  countDocument: "1 document",
  countContacts: "{number} contacts",
  countContact: "1 contact",
  countProducts: "{number} products",
  countProduct: "1 product",
  countVouchers: "{number} journal vouchers",
  countVoucher: "1 journal voucher",
  countCertificates: "{number} withholding tax certificates",
  countCertificate: "1 withholding tax certificate",
  /** A template's example. */
  /** What one record is called inside a sentence ("the contact could not be looked up"). */
  recordDocument: "document",
  recordContact: "contact",
  recordProduct: "product",
  recordVoucher: "journal voucher",
  recordCertificate: "withholding tax certificate",
  recordsDocument: "documents",
  recordsContact: "contacts",
  recordsProduct: "products",
  recordsVoucher: "journal vouchers",
  recordsCertificate: "withholding tax certificates",
  /** A document family's records, by the family's name ("quotation documents"). */
  familyDocuments: "{family} documents",
  exampleDocument: "one example document",
  exampleContact: "one example contact",
  exampleProduct: "one example product",
  exampleVoucher: "one example journal voucher",
  exampleCertificate: "one example withholding tax certificate",
  pulledPage: "page {page}: {done} of {total} {records}",
  pulledPageOne: "page {page}: {done} of 1 document",
} as const;
