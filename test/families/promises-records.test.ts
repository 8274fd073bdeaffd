// Every family keeps its promise about a records sheet edited by hand (issue 34), through the
// command's main on real .xlsx files against the local service: a posted sheet whose hidden
// "DocSheet records" were rewritten as a person can (the company stamp and post record made Other
// Co.'s; the family the records name changed to another's) never makes undo or update change a
// record or a row's record id: what the records name is verified on the service first, and the run is
// refused with a non-zero exit.
import { createClient } from "../../src/api";
import { FAMILY_ENTRIES, type FamilyEntry } from "../../src/families";
import { connectedCompany } from "../../src/jobs/company";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { cliRunner } from "../cli/run";
import { authOf, cliSession, sheetRows } from "../cli/session";
import { SAMPLES } from "./samples";
import { eachFamily, liveRecords, writeSample } from "./support";

jest.setTimeout(120_000);

const s = cliSession("promises-records");
const docsheet = cliRunner();
const N = 2;

/** A posted sheet of the family (in place): its path. */
async function posted(family: FamilyEntry["name"], prefix: string): Promise<string> {
  await SAMPLES[family].before?.(s.client, prefix, N);
  const path = await writeSample(s.dir, prefix, family, prefix, N);
  const post = await docsheet(["post", path, "--family", family, "--base-url", s.service.root, ...s.auth, "--in-place"]);
  expect(post.code).toBe(0);
  return path;
}

/** Every text of the workbook's records sheet rewritten by `edit`, keys and values, as a person
 * editing the unhidden sheet would. */
async function editRecords(path: string, edit: (text: string) => string): Promise<void> {
  const book = await XlsxWorkbook.load(path);
  const sheet = (await book.sheetNames()).find((n) => n === "DocSheet records")!;
  const block = await book.read({ sheet, whole: true });
  const values = block.values.map((row) => row.map((v) => (typeof v === "string" ? edit(v) : v)));
  await book.write(sheet, [{ row: block.top, col: block.left, values }]);
  await book.save(path);
}

/** What a refused run must leave: the rows' record ids (a reason may be written beside them) and
 * the family's records on the service. */
async function untouched(path: string, entry: FamilyEntry, prefix: string): Promise<() => Promise<void>> {
  const ids = async (): Promise<unknown[]> => (await sheetRows(path)).map((r) => r.recordId);
  const records = async (): Promise<string> => JSON.stringify([...(await liveRecords(s.client, entry, prefix)).entries()].sort());
  const before = [await ids(), await records()];
  return async () => expect([await ids(), await records()]).toEqual(before);
}

const commands = (entry: FamilyEntry): string[] => (entry.updates ? ["undo", "update"] : ["undo"]);

eachFamily("its company stamp and post record rewritten to Other Co.: undo and update as Other are refused, nothing changed", () => true, async (family, entry, index) => {
  const prefix = `C${index}`;
  const path = await posted(family, prefix);
  const demo = await connectedCompany(s.client);
  const other = await connectedCompany(createClient({ root: s.service.root, ...s.other }));
  const stamp = (c: typeof demo): string => `"id":${c.id},"name":${JSON.stringify(c.name)},"taxId":${JSON.stringify(c.taxId)}`;
  await editRecords(path, (text) => text.split(stamp(demo)).join(stamp(other)));
  const same = await untouched(path, entry, prefix);
  for (const command of commands(entry)) {
    const run = await docsheet([command, path, "--family", family, "--base-url", s.service.root, ...authOf(s.other), "--in-place"]);
    expect({ command, said: run.stdout + run.stderr }).toEqual({ command, said: expect.not.stringMatching(/was already deleted/) });
    expect({ command, code: run.code }).not.toEqual({ command, code: 0 });
  }
  await same();
});

eachFamily("the family its records name changed to another's: undo and update of that family are refused, nothing changed", () => true, async (family, entry, index) => {
  const prefix = `F${index}`;
  const path = await posted(family, prefix);
  // Another family of the same kind where there is one (a tax invoice called a quotation).
  const to = (FAMILY_ENTRIES.find((e) => e.kind === entry.kind && e.name !== family) ?? FAMILY_ENTRIES.find((e) => e.name !== family))!;
  await editRecords(path, (text) => text.split(`"${family}"`).join(`"${to.name}"`).split(`.${family}`).join(`.${to.name}`).replace(new RegExp(`^${family}$`), to.name));
  const same = await untouched(path, entry, prefix);
  for (const command of commands(to)) {
    const run = await docsheet([command, path, "--family", to.name, "--base-url", s.service.root, ...s.auth, "--in-place"]);
    expect({ command, said: run.stdout + run.stderr }).toEqual({ command, said: expect.not.stringMatching(/was already deleted/) });
    expect({ command, code: run.code }).not.toEqual({ command, code: 0 });
  }
  await same();
});
