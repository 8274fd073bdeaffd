// A cell's formula read as one call of a DOCSHEET function: `DOCSHEET.TOTAL("tax invoices", "VAT",
// B1, , 'Pack'!$C$2)` (Excel saves a JavaScript custom function as `_xldudf_DOCSHEET_TOTAL`: both are
// read). Arguments are text, numbers, TRUE/FALSE, nothing, or a reference to one cell; a formula
// that does more than call one function is "other" (`docsheet calc` leaves it and says so). Pure.

export type ArgExpr =
  | { kind: "value"; value: string | number | boolean | null }
  | { kind: "ref"; sheet?: string; address: string };

export type ParsedFormula = { kind: "call"; name: string; args: ArgExpr[] } | { kind: "other" } | { kind: "none" };

const CALL = /^=?\s*(?:_xldudf_)?DOCSHEET[._]([A-Z]+)\s*\((.*)\)\s*$/is;
const MENTIONS = /(?:_xldudf_)?DOCSHEET[._][A-Z]+\s*\(/i;
const REF = /^(?:(?:'((?:[^']|'')+)'|([^'!(),"\s]+))!)?\$?([A-Z]{1,3})\$?(\d{1,7})$/i;

/** A call as Excel saves an add-in's function in a file (`_xldudf_DOCSHEET_TOTAL(…)`): the name
 * Excel binds to the add-in's function when it opens the file, where `DOCSHEET.TOTAL(` saved as
 * text stays an unknown function. The arguments as they are. */
export function savedForm(formula: string): string {
  return formula.replace(/^(\s*=?\s*)(?:_xldudf_)?DOCSHEET[._]([A-Z]+)\s*\(/i, (_, lead: string, name: string) => `${lead}_xldudf_DOCSHEET_${name.toUpperCase()}(`);
}

/** Splits at the commas outside quotes and parentheses; undefined when the quotes do not close. */
function splitArgs(text: string): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\"") quoted = !quoted;
    else if (quoted) continue;
    else if (ch === "(") depth++;
    else if (ch === ")" && --depth < 0) return undefined;
    else if (ch === "," && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted || depth !== 0) return undefined;
  out.push(text.slice(start));
  return out.length === 1 && out[0].trim() === "" ? [] : out;
}

function argOf(raw: string): ArgExpr | undefined {
  const t = raw.trim();
  if (t === "") return { kind: "value", value: null };
  if (/^"(?:[^"]|"")*"$/.test(t)) return { kind: "value", value: t.slice(1, -1).replace(/""/g, "\"") };
  if (/^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(t)) return { kind: "value", value: Number(t) };
  if (/^(TRUE|FALSE)$/i.test(t)) return { kind: "value", value: t.toUpperCase() === "TRUE" };
  const ref = REF.exec(t);
  if (ref) return { kind: "ref", sheet: ref[1]?.replace(/''/g, "'") ?? ref[2], address: `${ref[3].toUpperCase()}${ref[4]}` };
  return undefined;
}

export function parseFormula(formula: string): ParsedFormula {
  if (!MENTIONS.test(formula)) return { kind: "none" };
  const call = CALL.exec(formula.trim());
  const parts = call ? splitArgs(call[2]) : undefined;
  if (!call || !parts) return { kind: "other" };
  const args = parts.map(argOf);
  if (args.some((a) => a === undefined)) return { kind: "other" };
  return { kind: "call", name: call[1].toUpperCase(), args: args as ArgExpr[] };
}
