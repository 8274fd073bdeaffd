// Columns the engine writes (templates, pulls): header text = the field's key, so the sheet reads
// back exactly; number formats and validation lists from the field table.
import { FAMILY_INFO, type Family } from "../rules/codes";
import type { ColumnSpec } from "../workbook/port";
import { FIELD_BY_KEY, type FieldDef } from "./fields";

const KIND: Record<FieldDef["kind"], ColumnSpec["kind"]> = {
  text: "text", money: "money", quantity: "quantity", rate: "quantity", integer: "integer", id: "integer",
  date: "date", boolean: "boolean", code: "integer", status: "text",
};

export function columnFor(key: string, family?: Family): ColumnSpec {
  const def = FIELD_BY_KEY.get(key);
  if (!def) throw new Error(`no field ${key}`);
  const spec: ColumnSpec = { header: def.key, kind: KIND[def.kind] };
  if (def.kind === "boolean") spec.allowed = ["TRUE", "FALSE"];
  else if (def.kind === "status") spec.allowed = family ? FAMILY_INFO[family].statuses : def.allowed;
  else if (def.allowed) spec.allowed = def.allowed;
  return spec;
}
