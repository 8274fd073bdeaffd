// From the body of POST {family}/email-document (service-facts §3.9: fromemail, toemail,
// cCMyself, ccEmail, bccEmail, subject, message, doCopy; already checked by EmailSchema) to the
// message the mailer sends, and from the outbox entry to the answer's data.
import type { Email } from "../../rules/schemas";
import type { OwnerId } from "../files/store";
import type { Version } from "../pdf/render";
import type { MailMessage } from "./mailer";
import type { OutboxEntry } from "./outbox";

/** The PDF sent: the original, plus the copy unless doCopy is false (its default is true). */
export function emailPdfVersions(body: Pick<Email, "doCopy">): Version[] {
  return body.doCopy === false ? ["original"] : ["original", "copy"];
}

export function documentMail(body: Email, ctx: { companyId: OwnerId; pdf: Buffer; fileName: string }): MailMessage {
  const from = body.fromemail.split(/[,;]/)[0].trim();
  const cc = [body.ccEmail ?? "", body.cCMyself === false ? "" : from].filter((s) => s.trim() !== "").join(",");
  return {
    companyId: ctx.companyId,
    from,
    to: body.toemail,
    cc,
    bcc: body.bccEmail ?? "",
    subject: body.subject,
    text: body.message ?? "",
    attachments: [{ filename: ctx.fileName, content: ctx.pdf, contentType: "application/pdf" }],
  };
}

/** SendEmailResponse.data: `{ok, message, successMsg}`. */
export function sendEmailAnswer(entry: OutboxEntry): { ok: boolean; message: string; successMsg: string } {
  switch (entry.relay.status) {
    case "sent":
      return { ok: true, message: "", successMsg: `Sent to ${entry.to.join(", ")}` };
    case "disabled":
      return { ok: true, message: "", successMsg: `Kept in the sandbox outbox for ${entry.to.join(", ")} (no SMTP relay configured)` };
    case "failed":
      return { ok: false, message: `The e-mail could not be relayed: ${entry.relay.error}`, successMsg: "" };
  }
}
