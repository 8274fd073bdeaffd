// The column mappings the pane keeps with the workbook, one per sheet and document type (a small
// workbook setting, never a secret), with the values for every row the user gave fields without a
// column, and what the mapping editor shows of a header row.
import type { ColumnMapping, ColumnSuggestion, MapFamily, StatedValue } from "../sheet/mapping";
import type { Block, WorkbookPort } from "../workbook/port";
import type * as Engine from "./engine";
import type { FieldChoice, MappingView } from "./views";

type MappingEngine = Pick<
  typeof Engine,
  "fieldsOf" | "fieldLabel" | "canStateValue" | "missingFields" | "normalizeName" | "parseMapping" | "shownChoices" | "statedValueProblem"
  | "suggestMapping" | "toMapping" | "withSaved"
>;

export function mappingKey(family: MapFamily, sheet: string): string {
  return `docsheet.mapping.${family}.${sheet}`;
}

/** The saved mappings, read once per sheet and family and kept while the pane is open. */
export class SavedMappings {
  private readonly known = new Map<string, ColumnMapping | null>();

  constructor(private readonly port: WorkbookPort) {}

  /** `read`: settings read already (with a block, Block.along), looked in before the port. */
  async get(engine: MappingEngine, sheet: string, family: MapFamily, read?: ReadonlyMap<string, string | null>): Promise<ColumnMapping | null> {
    const key = mappingKey(family, sheet);
    if (!this.known.has(key)) this.known.set(key, parseSaved(engine, read?.has(key) ? read.get(key)! : await this.port.loadSetting(key), family));
    return this.known.get(key) ?? null;
  }

  /** Saves the mapping with the workbook; null forgets it. */
  async set(sheet: string, family: MapFamily, mapping: ColumnMapping | null): Promise<void> {
    const key = mappingKey(family, sheet);
    await this.port.saveSetting(key, mapping ? JSON.stringify(mapping) : null);
    this.known.set(key, mapping);
  }
}

/** A setting that no longer reads as a mapping of the family is ignored: the editor suggests again. */
function parseSaved(engine: MappingEngine, text: string | null, family: MapFamily): ColumnMapping | null {
  if (!text) return null;
  try {
    return engine.parseMapping(JSON.parse(text), family);
  } catch {
    return null;
  }
}

/** The editor's view of a block's header row: saved fields first, suggestions for the other headers
 * (a suggested field already saved for another column is left out: a field goes to one column). */
export function mappingView(engine: MappingEngine, block: Block, family: MapFamily, saved: ColumnMapping | null): MappingView {
  const columns = engine.withSaved(engine.suggestMapping(block.values[0] ?? [], family, block.left, block.values.slice(1)), saved);
  return {
    sheet: block.sheet,
    family,
    columns,
    saved: saved !== null,
    values: { ...saved?.values },
    choices: engine.fieldsOf(family).map((d) => {
      const options = engine.shownChoices(d.key, family);
      const choice: FieldChoice = {
        key: d.key, level: d.level, en: engine.fieldLabel(d, "en", family), th: engine.fieldLabel(d, "th", family), kind: d.kind, statable: engine.canStateValue(d, family),
      };
      return options ? { ...choice, options } : choice;
    }),
    missing: (fields) => engine.missingFields(family, fields),
    valueProblem: (key, value) => engine.statedValueProblem(key, value, family),
  };
}

/** The mapping to save from the editor's columns and values for every row. */
export function mappingOf(
  engine: MappingEngine, family: MapFamily, columns: readonly ColumnSuggestion[], values?: Readonly<Record<string, StatedValue>>,
): ColumnMapping {
  return engine.toMapping(family, columns, values);
}
