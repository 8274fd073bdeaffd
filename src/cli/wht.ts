// `post` and `act` of the family withholding-taxes: the same options and output as the document
// families, on the certificate jobs (jobs/wht.ts); check is the one check command's (commands.ts).
import { promises as fs } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { ApiError, createClient } from "../api";
import { ConnectionError } from "../jobs/stop";
import { whtActJob } from "../jobs/wht";
import { CERTIFICATES } from "../families/certificates";
import { UsageError, intArg, langArg, required, type Parsed } from "./args";
import { assertSheet } from "./workbook-file";
import { workbookFiles } from "./workbook-run";
import { culture as pdfCulture, parseRows, printActed } from "./act";
import { connectionFailure } from "./connection";
import { progressReporter } from "./progress";
import { words } from "./words";
import { mappingArg, mapCommand } from "./map";

const FAMILY = CERTIFICATES.name;

/** An act the certificates' entry offers (status, delete, pdf). */
const isCertificateAct = (kind: string): kind is "status" | "delete" | "pdf" => (CERTIFICATES.acts as readonly string[]).includes(kind);

export async function whtCommand(p: Parsed): Promise<number> {
  switch (p.command) {
    case "map":
      return mapCommand(p, FAMILY);
    // The post job's pipeline and the command's whole run: the lock, Ctrl+C, checkpoints saved.
    case "post":
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return (require("./post") as typeof import("./post")).postCommand(p, FAMILY);
    case "act":
      return act(p);
    default:
      throw new UsageError("whtNotYet", { command: p.command, family: FAMILY });
  }
}

async function act(p: Parsed): Promise<number> {
  const lang = langArg(p.values);
  const mapping = await mappingArg(p.values, FAMILY);
  const kind = required(p.values, "action");
  if (!isCertificateAct(kind)) throw new UsageError("whtAction", { family: FAMILY });
  const { conn, workbook, out } = await workbookFiles(p, "acted");
  const sheet = p.values.sheet as string | undefined;
  await assertSheet(workbook, sheet, true);
  const rows = typeof p.values.rows === "string" ? parseRows(p.values.rows) : undefined;
  const client = createClient({ ...conn, fetch: globalThis.fetch });
  const progress = progressReporter(kind, lang);
  // As the documents' PDFs (cli/act.ts): files in --pdf-dir, beside the results by default.
  const pdfDir = resolve((p.values["pdf-dir"] as string | undefined) ?? dirname(out));
  const savePdf = async (name: string, base64: string): Promise<string> => {
    await fs.mkdir(pdfDir, { recursive: true });
    const file = join(pdfDir, name);
    await fs.writeFile(file, Buffer.from(base64, "base64"));
    return file;
  };
  try {
    const outcome = await whtActJob(workbook, client, {
      target: { sheet }, action: kind, statusId: p.values.status as string | undefined, rows, lang, savePdf, culture: pdfCulture(p.values.culture), mapping,
      concurrency: intArg(p.values, "concurrency", 4), onProgress: (x) => progress.update(x),
    });
    progress.done();
    await workbook.save(out);
    return printActed(outcome, kind, words(lang), out);
  } catch (err) {
    progress.done();
    if (err instanceof ConnectionError || err instanceof ApiError) {
      process.stderr.write(connectionFailure(err, conn.root, lang, kind, true));
      return 2;
    }
    throw err;
  }
}
