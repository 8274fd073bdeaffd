// POST {family}/email-document: the document's PDF (original, and the copy unless doCopy is false)
// sent to the addresses of the body. Every message is kept in the outbox table, readable at the
// sandbox-only GET /test/outbox, and relayed over SMTP when SMTP_URL (or --smtp-url) is set.
import { DOCUMENT_ROUTES, MASTER_ROUTES, type Route } from "../../api/routes";
import { FAMILIES, FAMILY_INFO } from "../../rules/codes";
import { EmailSchema } from "../../rules/schemas";
import { createMailer, documentMail, emailPdfVersions, MailInputError, sendEmailAnswer } from "../mail";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { notFound, ok, validationError } from "../envelope";
import { parseWith, readJson } from "../http/validate";
import { TableOutbox, outboxPage } from "../outbox/table-outbox";
import { cultureOf, documentPdf, pdfFileName, printableDocument } from "../exports/document-pdf";
import { loadDocument } from "../documents/lifecycle";
import { listPaging } from "./paging";

export function registerEmailRoutes(api: Api, ctx: ServiceContext): void {
  const db = ctx.store.db;
  for (const family of FAMILIES) {
    mount(api, DOCUMENT_ROUTES[family].email as Route, async (c) => {
      const body = parseWith(EmailSchema, await readJson(c));
      const companyId = companyOf(c);
      const row = await loadDocument(db, companyId, family, body.documentId);
      const printable = await printableDocument(db, row);
      const pdf = await documentPdf(printable, cultureOf(body.culture, printable.doc), emailPdfVersions(body));
      const mailer = createMailer({ smtpUrl: ctx.options.smtpUrl, outbox: new TableOutbox(db, row.id) });
      try {
        const entry = await mailer.send(documentMail(body, { companyId, pdf, fileName: pdfFileName(printable) }));
        return c.json(ok(sendEmailAnswer(entry)));
      } catch (err) {
        if (err instanceof MailInputError) throw validationError(err.message);
        throw err;
      }
    }, { summary: "Send the document by e-mail with its PDF", tags: [FAMILY_INFO[family].label.en], body: EmailSchema });
  }

  // Sandbox only: production (/v1) has no outbox to read.
  mount(api, MASTER_ROUTES.outbox, async (c) => {
    if (!c.req.path.startsWith("/test/")) throw notFound();
    const q = listPaging(c);
    const page = await outboxPage(db, companyOf(c), q.currentPage, q.pageSize);
    return c.json(ok({ total: page.total, currentPage: q.currentPage, list: page.list }));
  }, { summary: "Sandbox only: the e-mails this service has sent", tags: ["Sandbox"] });
}
