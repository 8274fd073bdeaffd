// Withholding-tax certificates: list, create, read, update, delete, status (awaiting, processed,
// void); kept by ledger/certificates.ts.
import { MASTER_ROUTES } from "../../api/routes";
import { WithholdingTaxSchema } from "../../rules/schemas";
import type { Json } from "../../rules/json";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok } from "../envelope";
import { idParam, parseWith, readJson } from "../http/validate";
import type { Db } from "../store/database";
import type { ResolveOptions } from "../documents/contact-resolution";
import {
  attachmentSequence, changeCertificateStatus, createCertificate, deleteCertificate, findCertificate, listCertificates, updateCertificate,
} from "../ledger/certificates";
import { withholdingAnswer } from "../ledger/withholding";
import { listPaging, pageOf } from "./paging";
import { exportOptionsOf } from "./export-pdf";
import { ExportPdfSchema } from "../../rules/schemas";
import { certificatePdf, cultureOf, printedCompany } from "../exports/document-pdf";

export function registerWithholdingTaxRoutes(api: Api, ctx: ServiceContext): void {
  const db: Db = ctx.store.db;
  const contacts: ResolveOptions = { lock: ctx.store.kind === "postgres", cache: ctx.contactCache };
  const tags = ["Withholding tax"];

  mount(api, MASTER_ROUTES.withholdingTaxesList, async (c) => {
    const q = listPaging(c);
    const { total, rows } = await listCertificates(db, companyOf(c), q);
    return c.json(ok(pageOf(total, q.currentPage, rows.map(withholdingAnswer))));
  }, { summary: "List withholding tax certificates", tags });

  mount(api, MASTER_ROUTES.withholdingTaxesCreate, async (c) => {
    const raw = await readJson(c);
    const row = await createCertificate(db, companyOf(c), () => parseWith(WithholdingTaxSchema, raw) as Json, contacts);
    return c.json(ok(withholdingAnswer(row)));
  }, { summary: "Create a withholding tax certificate (issued: processed)", tags, body: WithholdingTaxSchema });

  mount(api, MASTER_ROUTES.withholdingTaxesGet, async (c) => {
    const row = await findCertificate(db, companyOf(c), idParam(c));
    return c.json(ok({ list: [withholdingAnswer(row)] }));
  }, { summary: "Read a withholding tax certificate", tags });

  mount(api, MASTER_ROUTES.withholdingTaxesUpdate, async (c) => {
    const id = idParam(c);
    const companyId = companyOf(c);
    const raw = await readJson(c);
    const row = await updateCertificate(db, companyId, id, () => parseWith(WithholdingTaxSchema, raw) as Json, contacts);
    return c.json(ok(withholdingAnswer(row)));
  }, { summary: "Update an awaiting withholding tax certificate", tags, body: WithholdingTaxSchema });

  mount(api, MASTER_ROUTES.withholdingTaxesDelete, async (c) => {
    const id = idParam(c);
    await deleteCertificate(db, companyOf(c), id);
    return c.json(ok({ deleteStatus: "Deleted" }));
  }, { summary: "Delete an awaiting withholding tax certificate", tags });

  mount(api, MASTER_ROUTES.withholdingTaxesStatus, async (c) => {
    const id = idParam(c);
    const companyId = companyOf(c);
    const statusId = (c.req.param("statusId") ?? "").toLowerCase();
    const row = await changeCertificateStatus(db, companyId, id, statusId);
    return c.json(ok(withholdingAnswer(row)));
  }, { summary: "Change the status of a withholding tax certificate", tags });

  // As the documents' export (routes/export-pdf.ts): JSON options, the PDF as base64 in `data`;
  // both of the payee's copies unless the body says which, with its place in the month's return.
  mount(api, MASTER_ROUTES.withholdingTaxesExportPdf, async (c) => {
    const id = idParam(c);
    const options = await exportOptionsOf(c, { original: true, copy: true });
    const companyId = companyOf(c);
    const row = await findCertificate(db, companyId, id);
    const doc = withholdingAnswer(row);
    const sequence = await attachmentSequence(db, companyId, row);
    const pdf = await certificatePdf(doc, await printedCompany(db, companyId, doc), cultureOf(options.culture, doc), options.versions, sequence);
    return c.json(ok(pdf.toString("base64")));
  }, { summary: "Export the withholding tax certificate (50 ทวิ) as a PDF (base64)", tags, body: ExportPdfSchema });
}
