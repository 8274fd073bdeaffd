// E-mail of documents: what the service core calls.
export { createMailer, MailInputError, type Mailer, type MailerOptions, type MailMessage, type MailAttachment } from "./mailer";
export { MemoryOutbox, type OutboxEntry, type OutboxStore, type OutboxAttachment, type RelayResult } from "./outbox";
export { documentMail, emailPdfVersions, sendEmailAnswer } from "./document-mail";
