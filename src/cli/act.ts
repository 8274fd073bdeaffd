// `docsheet act WORKBOOK.xlsx --family F --action status|delete|payment|upgrade|pdf|email|share|attach`:
// one command for every family, taking the acts its card offers (families/cards.ts). It acts on the
// rows that have a recordId (all, or --rows) and writes the outcome into them, in
// WORKBOOK.acted.xlsx beside WORKBOOK.xlsx unless --out or --in-place says otherwise. PDFs are
// saved as files in --pdf-dir (default: beside the workbook); upgrade makes the --to family's
// document; attach sends the --file.
import { promises as fs } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { ApiError, createClient } from "../api";
import { actJob, type Action, type ActOutcome } from "../jobs/act";
import { ConnectionError } from "../jobs/stop";
import { UpgradeTargetError, assertUpgradeTarget, upgradeTargetsOf } from "../jobs/upgrade";
import { WITHHOLDING_RATES } from "../rules/codes";
import { parseDecimal } from "../rules/money";
import { isWithholdingRate } from "../rules/checks/read";
import { UsageError, dateArg, intArg, required, sheetFamilyOf, type Parsed } from "./args";
import { assertSheet } from "./workbook-file";
import { connectionFailure } from "./connection";
import { ACT_ORDER, familyCard, type ActKind, type FamilyCard } from "../families/cards";
import type { Words } from "./words";
import { mappingArg } from "./map";
import { progressReporter } from "./progress";
import { workbookFiles } from "./workbook-run";

/** "2,5-9" (sheet row numbers as Excel shows them) → 0-based rows. */
export function parseRows(text: string): number[] {
  const rows: number[] = [];
  for (const part of text.split(",").map((s) => s.trim()).filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw new UsageError("rowsList", { text });
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    if (a < 1 || b < a || b - a > 1_000_000) throw new UsageError("rowsRange", { part });
    for (let r = a; r <= b; r++) rows.push(r - 1);
  }
  return rows;
}

/** --culture of pdf and share: th or en, else the service's default. */
export function culture(v: unknown): "th" | "en" | undefined {
  if (v === undefined) return undefined;
  if (v !== "th" && v !== "en") throw new UsageError("culture");
  return v;
}

/** The payment's amounts given as options, by wire field, and the option each came from (named in a problem with it). */
const PAYMENT_OPTIONS: ReadonlyArray<[option: string, field: string, kind: "amount" | "signed" | "rate" | "code"]> = [
  ["collected", "collected", "amount"], ["withheld-percentage", "withheldPercentage", "rate"], ["withheld-amount", "withheldAmount", "amount"],
  ["deduction-type", "paymentDeductionType", "code"], ["deduction-amount", "paymentDeductionAmount", "amount"], ["payment-charge", "paymentCharge", "amount"],
  // Cash short (positive) or over (negative), or a bank fee taken from the amount received.
  ["remaining-type", "remainingCollectedType", "code"], ["remaining-collected", "remainingCollected", "signed"],
];

export function paymentOptions(values: Parsed["values"]): { fields: Record<string, number>; origins: Record<string, string> } {
  const fields: Record<string, number> = {};
  const origins: Record<string, string> = {};
  for (const [option, field, kind] of PAYMENT_OPTIONS) {
    const v = values[option];
    if (v === undefined) continue;
    const n = typeof v === "string" ? parseDecimal(v) : null;
    const byAmount = kind === "rate" && n !== null && n.equals(-1);
    if (n === null || (n.isNegative() && !byAmount && kind !== "signed") || ((kind === "amount" || kind === "signed") && n.decimalPlaces() > 2)) {
      throw new UsageError(({ amount: "amount", signed: "signedAmount", rate: "rate", code: "wholeNumber" } as const)[kind], { name: option });
    }
    if (kind === "rate" && !byAmount && !isWithholdingRate(n)) throw new UsageError("withholdingRate", { name: option, rates: WITHHOLDING_RATES.join(", ") });
    if (kind === "code" && !n.isInteger()) throw new UsageError("wholeNumber", { name: option });
    fields[field] = n.toNumber();
    origins[field] = `--${option}`;
  }
  return { fields, origins };
}

/** "status, delete or pdf": the acts a card offers, as the usage texts list them. */
function actList(card: FamilyCard): { acts: string; last: string } {
  return { acts: card.acts.slice(0, -1).join(", "), last: card.acts[card.acts.length - 1] ?? "" };
}

/** --action as an act of FAMILY's card; refused (exit 2) before anything is read when it is none. */
function actOf(p: Parsed, card: FamilyCard): ActKind {
  const kind = required(p.values, "action");
  if (!(ACT_ORDER as readonly string[]).includes(kind)) throw new UsageError("action");
  if (card.acts.length === 0) throw new UsageError("noActs", { family: card.name });
  if (!card.acts.includes(kind as ActKind)) throw new UsageError("actNotOffered", { family: card.name, ...actList(card) });
  return kind as ActKind;
}

export async function actCommand(p: Parsed): Promise<number> {
  const family = sheetFamilyOf(p);
  const card = familyCard(family);
  const kind = actOf(p, card);
  const { lang, say, conn, workbook, out } = await workbookFiles(p, "acted");
  const pdfDir = resolve((p.values["pdf-dir"] as string | undefined) ?? dirname(out));
  let action: Action;
  switch (kind) {
    case "status":
      action = { kind, statusId: p.values.status as string | undefined };
      break;
    case "delete":
      action = { kind };
      break;
    case "payment":
      action = { kind, paymentMethod: intArg(p.values, "payment-method"), paymentDate: dateArg(p.values, "payment-date"), ...paymentOptions(p.values) };
      break;
    case "pdf":
      action = {
        kind: "exportPdf", culture: culture(p.values.culture),
        save: async (name, base64) => {
          await fs.mkdir(pdfDir, { recursive: true });
          const file = join(pdfDir, name);
          await fs.writeFile(file, Buffer.from(base64, "base64"));
          return file;
        },
      };
      break;
    case "email":
      // The service refuses a message without a sender: say so before touching anything.
      action = { kind, toEmail: p.values.to as string | undefined, fromEmail: required(p.values, "from"), subject: p.values.subject as string | undefined, message: p.values.message as string | undefined };
      break;
    case "share":
      action = { kind, culture: culture(p.values.culture) };
      break;
    case "upgrade": {
      const to = required(p.values, "to");
      try {
        assertUpgradeTarget(family, to);
      } catch (err) {
        // The card offers upgrade only where there is a family to upgrade to.
        if (err instanceof UpgradeTargetError) {
          // English names the family by its label; Thai by the word FAMILY takes.
          const label = { en: card.label.en.toLowerCase(), th: family };
          throw new UsageError("upgradeTo", { label, to, allowed: upgradeTargetsOf(family).join(" or ") });
        }
        throw err;
      }
      action = { kind, to };
      break;
    }
    case "attach": {
      const file = resolve(required(p.values, "file"));
      let bytes: Buffer;
      try {
        bytes = await fs.readFile(file);
      } catch (err) {
        throw new UsageError("fileUnreadable", { file, code: (err as NodeJS.ErrnoException).code ?? String(err) });
      }
      action = { kind, file: { name: basename(file), bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) } };
      break;
    }
  }
  const sheet = p.values.sheet as string | undefined;
  await assertSheet(workbook, sheet, true);
  const mapping = await mappingArg(p.values, family);
  const rows = p.values.rows !== undefined ? parseRows(String(p.values.rows)) : undefined;
  const client = createClient({ ...conn, fetch: globalThis.fetch });
  const doing = kind;
  const progress = progressReporter(doing, lang);
  try {
    const outcome = await actJob(workbook, client, {
      family, action, target: { sheet }, mapping, rows, concurrency: intArg(p.values, "concurrency", 4), lang, onProgress: (x) => progress.update(x),
    });
    progress.done();
    await workbook.save(out);
    return printActed(outcome, doing, say, out);
  } catch (err) {
    progress.done();
    if (err instanceof ConnectionError || err instanceof ApiError) {
      process.stderr.write(connectionFailure(err, conn.root, lang, doing, card.record !== "Document"));
      return 2;
    }
    throw err;
  }
}

/** What act prints (the rows that failed, then the counts in the pane's words: done, skipped
 * (already done before), failed), and its exit code. */
export function printActed(outcome: ActOutcome, kind: ActKind, say: Words, out: string): number {
  for (const r of outcome.results) if (!r.ok) process.stdout.write(`${say.row(r.key, r.rows[0] + 1, r.message)}\n`);
  process.stdout.write(`${say.acted(kind, outcome.done, outcome.skipped, outcome.failed, out)}\n`);
  return outcome.failed > 0 ? 1 : 0;
}
