// Marks tables as Excel 365 saves a formula that spills (a dynamic array), in an .xlsx exceljs
// wrote: exceljs knows only the legacy array formula ({=…}, fixed to its range), which Excel 365
// opens as one (or as `=@…` once it recalculates), and a #SPILL! anchor as an ordinary formula.
// Excel's form: the anchor `<c cm="1">` with `<f t="array" ref="the range it fills">`, the cells it
// fills plain values, and xl/metadata.xml holding the one cell metadata that says "dynamic"
// (XLDAPR), with its relationship and content type (as XlsxWriter's write_dynamic_array_formula
// writes them). exceljs drops that part and the flags when it loads such a file: what was dynamic
// in the file read (a table of ours, or Excel's own SORT or FILTER) is read from it first and
// marked again in the file saved, so saving again gives the same parts.
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { openZip } from "./zip-parts";

/** Sheet name → anchor address ("A1") → the range its table fills ("A1:C20"; the anchor alone for #SPILL!). */
export type DynamicArrays = ReadonlyMap<string, ReadonlyMap<string, string>>;

const METADATA_PART = "xl/metadata.xml";
const METADATA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml";
const METADATA_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sheetMetadata";

const METADATA = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
  + '<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray">'
  + '<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" pasteAll="1" pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" clearComments="1" assign="1" coerce="1" cellMeta="1"/></metadataTypes>'
  + '<futureMetadata name="XLDAPR" count="1"><bk><extLst><ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}"><xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata>'
  + '<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata>'
  + "</metadata>";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const unescape = (s: string): string => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e]);
const attr = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The .xlsx with each listed anchor saved as a dynamic array; the same bytes when none is listed. */
export function withDynamicArrays(xlsx: Uint8Array, arrays: DynamicArrays): Uint8Array {
  if (![...arrays.values()].some((m) => m.size > 0)) return xlsx;
  const parts = unzipSync(xlsx);
  const text = (name: string): string => {
    const part = parts[name];
    if (!part) throw new Error(`the workbook written has no ${name}`);
    return strFromU8(part);
  };
  const rels = text("xl/_rels/workbook.xml.rels");
  const { targets, sheets } = sheetParts(text("xl/workbook.xml"), rels);
  for (const [name, path] of sheets) {
    const anchors = arrays.get(name);
    if (anchors && anchors.size > 0) parts[path] = strToU8(markAnchors(text(path), anchors));
  }
  parts[METADATA_PART] = strToU8(METADATA);
  if (!rels.includes(`Target="metadata.xml"`)) {
    const ids = [...targets].map((id) => Number(/^rId(\d+)$/.exec(id)?.[1] ?? 0));
    const rel = `<Relationship Id="rId${Math.max(0, ...ids) + 1}" Type="${METADATA_REL}" Target="metadata.xml"/>`;
    parts["xl/_rels/workbook.xml.rels"] = strToU8(rels.replace("</Relationships>", `${rel}</Relationships>`));
  }
  const types = text("[Content_Types].xml");
  if (!types.includes(`PartName="/${METADATA_PART}"`)) {
    parts["[Content_Types].xml"] = strToU8(types.replace("</Types>", `<Override PartName="/${METADATA_PART}" ContentType="${METADATA_TYPE}"/></Types>`));
  }
  return zipSync(parts, { level: 6 });
}

/** The dynamic arrays of an .xlsx as Excel saved it: the cells whose metadata (cm) is XLDAPR's. */
export function dynamicArraysOf(xlsx: Uint8Array): Map<string, Map<string, string>> {
  const found = new Map<string, Map<string, string>>();
  const zip = openZip(xlsx);
  const text = (name: string): string => {
    let out = "";
    zip.text(name, (piece) => void (out += piece));
    return out;
  };
  if (!zip.has(METADATA_PART) || !zip.has("xl/workbook.xml") || !zip.has("xl/_rels/workbook.xml.rels")) return found;
  const metadata = text(METADATA_PART);
  // cellMetadata's blocks, counted from 1 (a cell's cm), each naming a metadata type counted from 1.
  const types = [...metadata.matchAll(/<metadataType\s[^>]*>/g)].map(([tag]) => attr(tag, "name"));
  const cellBlocks = /<cellMetadata\b[\s\S]*?<\/cellMetadata>/.exec(metadata)?.[0] ?? "";
  const dynamic = new Set<string>();
  [...cellBlocks.matchAll(/<bk>([\s\S]*?)<\/bk>/g)].forEach(([, bk], i) => {
    const rc = /<rc\s[^>]*>/.exec(bk)?.[0] ?? "";
    if (types[Number(attr(rc, "t")) - 1] === "XLDAPR") dynamic.add(String(i + 1));
  });
  if (dynamic.size === 0) return found;
  for (const [name, path] of sheetParts(text("xl/workbook.xml"), text("xl/_rels/workbook.xml.rels")).sheets) {
    if (!zip.has(path)) continue;
    const anchors = new Map<string, string>();
    for (const [cell] of text(path).matchAll(CELL)) {
      const open = /^<c\s[^>]*>/.exec(cell)![0];
      const cm = attr(open, "cm");
      const f = /<f\s[^>]*>/.exec(cell)?.[0];
      const r = attr(open, "r");
      if (cm && dynamic.has(cm) && f && attr(f, "t") === "array" && r) anchors.set(r, attr(f, "ref") ?? r);
    }
    if (anchors.size > 0) found.set(name, anchors);
  }
  return found;
}

/** The workbook's relationship ids, and each sheet's part by the sheet's name. */
function sheetParts(workbook: string, rels: string): { targets: Set<string>; sheets: Map<string, string> } {
  const paths = new Map<string, string>();
  for (const [tag] of rels.matchAll(/<Relationship\s[^>]*>/g)) {
    const id = attr(tag, "Id");
    const target = attr(tag, "Target");
    if (id && target) paths.set(id, target.startsWith("/") ? target.slice(1) : `xl/${target}`);
  }
  const sheets = new Map<string, string>();
  for (const [tag] of workbook.matchAll(/<sheet\s[^>]*>/g)) {
    const path = paths.get(attr(tag, "r:id") ?? "");
    if (path) sheets.set(unescape(attr(tag, "name") ?? ""), path);
  }
  return { targets: new Set(paths.keys()), sheets };
}

/** A cell's element: `<c …/>`, or `<c …>` to its `</c>`. */
const CELL = /<c\s[^>]*>(?:(?<!\/>)[\s\S]*?<\/c>)?/g;

/** The sheet's XML with each anchor's cell flagged (cm="1") and its formula an array over its range. */
function markAnchors(sheet: string, anchors: ReadonlyMap<string, string>): string {
  return sheet.replace(CELL, (cell: string) => {
    const open = /^<c\s[^>]*>/.exec(cell)![0];
    const ref = anchors.get(attr(open, "r") ?? "");
    if (ref === undefined || open.endsWith("/>")) return cell;
    const flagged = attr(open, "cm") === undefined ? open.replace(/>$/, ' cm="1">') : open.replace(/\scm="[^"]*"/, ' cm="1"');
    return flagged + cell.slice(open.length).replace(/<f(?:\s[^>]*)?(?<!\/)>/, `<f t="array" ref="${ref}">`);
  });
}
