// The service's migrations folder as it was before one migration: a store migrated with it is a store
// kept from before that migration, to open with today's service (or migrate the rest of the way).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const MIGRATIONS = join(__dirname, "../../src/service/store/migrations");

/** A copy of the folder without the migration whose tag ends in `name` and those after it (remove it when done). */
export function migrationsBefore(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), "docsheet-migrations-"));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ idx: number; tag: string }> };
  const tag = journal.entries.find((e) => e.tag.endsWith(name))!.tag;
  const cut = journal.entries.find((e) => e.tag === tag)!.idx;
  for (const e of journal.entries.filter((x) => x.idx >= cut)) rmSync(join(dir, `${e.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}
