// Attachments of the eight document families: multipart (`file`) and base64 uploads, checked by
// the files module (allowed types, 10 MB, extension agreeing with the content), stored by
// attachments/attach.ts, answered as the document's attachment records.
import { DOCUMENT_ROUTES, type Route } from "../../api/routes";
import { ATTACHMENT_MAX_BYTES, FAMILIES, FAMILY_INFO, VALIDATION_ERROR_CODE, type Family } from "../../rules/codes";
import { ruleMsg } from "../../rules/messages";
import { finding, type Finding } from "../../rules/findings";
import { serviceText } from "../../rules/message";
import { prepareBase64Attachments, prepareUploadedFile, type PreparedAttachments } from "../files";
import { companyOf, type Api, type Ctx, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { drainingBodyLimit } from "../http/body-limit";
import { ok, ServiceError, SEVERAL_ERRORS } from "../envelope";
import { idParam, readJson } from "../http/validate";
import { attachmentBlobDir } from "../attachments/table-store";
import { attachFiles, attachmentRecordsOf, type LinkOf } from "../attachments/attach";
import { attachmentUrl, serviceOrigin } from "./public-links";

export const FILE_FIELD_REQUIRED = "file is required: send the file as the multipart/form-data field `file`";
/** Room for the JSON around the base64 text and the multipart headers. */
const SLACK = 64 * 1024;
const BASE64_BODY_MAX = Math.ceil((ATTACHMENT_MAX_BYTES * 4) / 3) + SLACK;
const MULTIPART_BODY_MAX = ATTACHMENT_MAX_BYTES + SLACK;

/** The spec's answer for a refused upload: the generic message, every finding's text listed. */
function refused(findings: Finding[]): ServiceError {
  const messages = [...new Set(findings.map((f) => f.message))];
  return new ServiceError(400, SEVERAL_ERRORS, VALIDATION_ERROR_CODE, {
    validationErrors: messages,
    findings: findings.map(({ path, message }) => ({ path, message })),
  });
}

const tooLarge = (c: Ctx) => {
  const e = refused([finding("", ruleMsg("attachmentTooLarge"))]);
  return c.json({ status: false, message: e.message, code: e.code, data: e.data }, 400);
};

/** Download links on this service, as the request reached it. */
const linksOf = (c: Ctx): LinkOf => {
  const origin = serviceOrigin(c);
  return (accessKey, name) => attachmentUrl(origin, accessKey, name);
};

async function uploadedFile(c: Ctx): Promise<PreparedAttachments> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    return { ok: false, findings: [finding("file", serviceText(FILE_FIELD_REQUIRED))] };
  }
  const file = form.file;
  if (!(file instanceof File)) return { ok: false, findings: [finding("file", serviceText(FILE_FIELD_REQUIRED))] };
  return prepareUploadedFile(file.name, new Uint8Array(await file.arrayBuffer()));
}

/**
 * Lists the attachments with the document on GET {family}/{id}: a middleware around the read
 * handler (so it must be registered before the document routes), leaving a document without
 * attachments answered exactly as before.
 */
function listWithDocument(api: Api, ctx: ServiceContext, family: Family): void {
  api.use(DOCUMENT_ROUTES[family].get!.path, async (c, next) => {
    await next();
    if (c.req.method !== "GET" || c.res.status !== 200) return;
    const records = await attachmentRecordsOf(ctx.store.db, linksOf(c), companyOf(c), idParam(c));
    if (records.length === 0) return;
    const answer = (await c.res.json()) as { data: { list: Record<string, unknown>[] } };
    answer.data.list = answer.data.list.map((doc) => ({ ...doc, attachments: records }));
    const headers = new Headers(c.res.headers);
    headers.delete("content-length");
    c.res = new Response(JSON.stringify(answer), { status: 200, headers });
  });
}

export function registerAttachmentRoutes(api: Api, ctx: ServiceContext): void {
  const db = ctx.store.db;
  const blobDir = attachmentBlobDir(ctx.store.kind, ctx.options.dataDir);
  const store = (family: Family, prepare: (c: Ctx) => Promise<PreparedAttachments>) => async (c: Ctx) => {
    const prepared = await prepare(c);
    if (!prepared.ok) throw refused(prepared.findings);
    return c.json(ok(await attachFiles(db, blobDir, linksOf(c), companyOf(c), family, idParam(c), prepared.files)));
  };
  for (const family of FAMILIES) {
    listWithDocument(api, ctx, family);
    const routes = DOCUMENT_ROUTES[family];
    const tags = [FAMILY_INFO[family].label.en];
    const multipart = routes.attachment as Route;
    const base64 = routes.attachmentBase64 as Route;
    api.use(multipart.path, drainingBodyLimit(MULTIPART_BODY_MAX, tooLarge));
    api.use(base64.path, drainingBodyLimit(BASE64_BODY_MAX, tooLarge));
    mount(api, multipart, store(family, uploadedFile), { summary: "Attach a file (multipart/form-data, field file)", tags });
    mount(api, base64, store(family, async (c) => prepareBase64Attachments(await readJson(c))), {
      summary: "Attach files as base64 ({fileName, fileType, base64Data} or a list of up to 10)", tags,
    });
  }
}
