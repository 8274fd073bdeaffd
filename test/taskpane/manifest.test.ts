// Checks manifest.xml offline, the way Office's validator would reject it: well-formed XML, elements
// in the schema's order, ids and versions in the right shape, every resid defined (and of the right
// kind), https everywhere, ExcelApi 1.9; and that the production build leaves no localhost URL.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { DEV_URL, publicUrl, rewriteManifest } from "../../scripts/public-url";
import { PANE_PUBLIC_URL, paneBuild } from "../helpers/pane-build";

const ROOT = join(__dirname, "..", "..");
const MANIFEST = readFileSync(join(ROOT, "manifest.xml"), "utf8");

interface Node {
  name: string;
  attrs: Record<string, string>;
  children: Node[];
  text: string;
}

type Raw = Record<string, unknown> & { ":@"?: Record<string, string> };

function toNodes(raw: Raw[]): Node[] {
  const nodes: Node[] = [];
  for (const entry of raw) {
    const name = Object.keys(entry).find((k) => k !== ":@")!;
    if (name === "#text" || name === "?xml" || name === "#comment") continue;
    const kids = entry[name] as Raw[];
    const text = kids.filter((k) => "#text" in k).map((k) => String(k["#text"])).join("");
    nodes.push({ name, attrs: entry[":@"] ?? {}, children: toNodes(kids), text });
  }
  return nodes;
}

function parse(xml: string): Node {
  const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: "", commentPropName: "#comment", parseTagValue: false, parseAttributeValue: false });
  return toNodes(parser.parse(xml) as Raw[])[0];
}

function walk(node: Node, visit: (n: Node, parent: Node | null) => void, parent: Node | null = null): void {
  visit(node, parent);
  for (const child of node.children) walk(child, visit, node);
}

function all(root: Node, name: string): Node[] {
  const found: Node[] = [];
  walk(root, (n) => { if (n.name === name) found.push(n); });
  return found;
}

function child(node: Node, name: string): Node {
  const found = node.children.find((c) => c.name === name);
  if (!found) throw new Error(`<${node.name}> has no <${name}>`);
  return found;
}

/** The element names of `node`, which must appear in `order` (each at most once unless repeatable) and in that order. */
function expectOrder(node: Node, order: string[], required: string[], repeatable: string[] = []): void {
  const names = node.children.map((c) => c.name);
  for (const name of names) expect(order).toContain(name);
  const positions = names.map((n) => order.indexOf(n));
  for (let i = 1; i < positions.length; i++) {
    if (positions[i] < positions[i - 1] || (positions[i] === positions[i - 1] && !repeatable.includes(names[i]))) {
      throw new Error(`<${node.name}>: <${names[i]}> out of order after <${names[i - 1]}> (expected ${order.join(", ")})`);
    }
  }
  for (const name of required) expect(names).toContain(name);
}

const root = parse(MANIFEST);

test("is well-formed XML with OfficeApp as a TaskPaneApp for Excel", () => {
  expect(XMLValidator.validate(MANIFEST)).toBe(true);
  expect(root.name).toBe("OfficeApp");
  expect(root.attrs["xsi:type"]).toBe("TaskPaneApp");
  expect(child(child(root, "Hosts"), "Host").attrs.Name).toBe("Workbook");
});

test("the parser really rejects broken XML (the check above can fail)", () => {
  expect(XMLValidator.validate(MANIFEST.replace("</Hosts>", "</Host>"))).not.toBe(true);
});

test("elements are in the order Office's schema requires", () => {
  expectOrder(root, [
    "Id", "AlternateId", "Version", "ProviderName", "DefaultLocale", "DisplayName", "Description", "IconUrl",
    "HighResolutionIconUrl", "SupportUrl", "AppDomains", "Hosts", "Requirements", "DefaultSettings", "Permissions",
    "AllowSnapshot", "VersionOverrides",
  ], ["Id", "Version", "ProviderName", "DefaultLocale", "DisplayName", "Description", "IconUrl", "Hosts", "DefaultSettings", "Permissions"]);
  const overrides = child(root, "VersionOverrides");
  expectOrder(overrides, ["Description", "Requirements", "Hosts", "Resources", "WebApplicationInfo", "EquivalentAddins"], ["Hosts", "Resources"]);
  const desktop = child(child(child(overrides, "Hosts"), "Host"), "DesktopFormFactor");
  expectOrder(desktop, ["GetStarted", "FunctionFile", "ExtensionPoint"], ["FunctionFile", "ExtensionPoint"], ["ExtensionPoint"]);
  expectOrder(child(desktop, "GetStarted"), ["Title", "Description", "LearnMoreUrl"], ["Title", "Description"]);
  expectOrder(child(overrides, "Resources"), ["bt:Images", "bt:Urls", "bt:ShortStrings", "bt:LongStrings"], ["bt:Images", "bt:Urls", "bt:ShortStrings"]);
  for (const group of all(root, "Group")) expectOrder(group, ["Label", "Icon", "Control"], ["Label", "Icon", "Control"], ["Control"]);
  for (const control of all(root, "Control")) expectOrder(control, ["Label", "Supertip", "Icon", "Action"], ["Label", "Supertip", "Icon", "Action"]);
  for (const tip of all(root, "Supertip")) expectOrder(tip, ["Title", "Description"], ["Title", "Description"]);
});

test("the ribbon button on the Home tab opens the task pane", () => {
  const tab = all(root, "OfficeTab")[0];
  expect(tab.attrs.id).toBe("TabHome");
  const action = all(tab, "Action")[0];
  expect(action.attrs["xsi:type"]).toBe("ShowTaskpane");
  expect(action.children.map((c) => c.name)).toEqual(["TaskpaneId", "SourceLocation"]);
});

test("has a GUID id and an n.n.n.n version", () => {
  expect(child(root, "Id").text).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  expect(child(root, "Version").text).toMatch(/^\d{1,5}\.\d{1,5}\.\d{1,5}\.\d{1,5}$/);
});

test("requires ExcelApi 1.9", () => {
  const sets = all(child(root, "Requirements"), "Set");
  expect(sets).toContainEqual(expect.objectContaining({ attrs: { Name: "ExcelApi", MinVersion: "1.9" } }));
});

test("declares the DOCSHEET worksheet functions in a shared runtime with the pane", () => {
  const sets = all(child(root, "Requirements"), "Set").map((s) => s.attrs);
  expect(sets).toContainEqual({ Name: "SharedRuntime", MinVersion: "1.1" });
  expect(sets).toContainEqual({ Name: "CustomFunctionsRuntime", MinVersion: "1.1" });
  const host = child(child(child(root, "VersionOverrides"), "Hosts"), "Host");
  expectOrder(host, ["Runtimes", "AllFormFactors", "DesktopFormFactor"], ["Runtimes", "AllFormFactors", "DesktopFormFactor"]);
  expect(child(host, "Runtimes").children.map((r) => r.attrs)).toEqual([{ resid: "Taskpane.Url", lifetime: "long" }]);
  const points = child(host, "AllFormFactors").children;
  expect(points.map((p) => p.attrs["xsi:type"])).toEqual(["CustomFunctions"]);
  const fn = points[0];
  expectOrder(fn, ["Script", "Page", "Metadata", "Namespace"], ["Script", "Page", "Metadata", "Namespace"]);
  // The functions run on the pane's page: the runtime the pane opens.
  expect(child(child(fn, "Page"), "SourceLocation").attrs.resid).toBe("Taskpane.Url");
  const urls = child(child(child(root, "VersionOverrides"), "Resources"), "bt:Urls").children;
  const url = (id: string): Node => urls.find((u) => u.attrs.id === id)!;
  expect(url(child(child(fn, "Script"), "SourceLocation").attrs.resid).attrs.DefaultValue).toBe(`${DEV_URL}functions.js`);
  const metadata = url(child(child(fn, "Metadata"), "SourceLocation").attrs.resid);
  expect(metadata.attrs.DefaultValue).toBe(`${DEV_URL}functions.json`);
  expect(metadata.children.map((o) => o.attrs)).toEqual([{ Locale: "th-TH", Value: `${DEV_URL}functions-th.json` }]);
  const strings = child(child(child(root, "VersionOverrides"), "Resources"), "bt:ShortStrings").children;
  expect(strings.find((s) => s.attrs.id === child(fn, "Namespace").attrs.resid)?.attrs.DefaultValue).toBe("DOCSHEET");
});

test("every resid is defined, of the right kind, and at most 32 characters", () => {
  const resources = child(child(root, "VersionOverrides"), "Resources");
  const ids = (kind: string): string[] => child(resources, kind).children.map((c) => c.attrs.id);
  const defined = { image: ids("bt:Images"), url: ids("bt:Urls"), short: ids("bt:ShortStrings"), long: ids("bt:LongStrings") };
  const everyId = [...defined.image, ...defined.url, ...defined.short, ...defined.long];
  expect(new Set(everyId).size).toBe(everyId.length);
  for (const id of everyId) expect(id.length).toBeLessThanOrEqual(32);

  const referenced: string[] = [];
  walk(root, (node, parent) => {
    const resid = node.attrs.resid;
    if (resid === undefined) return;
    referenced.push(resid);
    expect(resid.length).toBeLessThanOrEqual(32);
    const kind = node.name === "bt:Image" ? "image"
      : ["SourceLocation", "FunctionFile", "LearnMoreUrl", "Runtime"].includes(node.name) ? "url"
      : node.name === "Description" && parent?.name !== "VersionOverrides" ? "long"
      : "short";
    if (!defined[kind].includes(resid)) throw new Error(`<${node.name} resid="${resid}"> is not defined among ${kind} resources`);
  });
  expect(referenced.length).toBeGreaterThan(5);
  for (const id of everyId) expect(referenced).toContain(id);
});

test("every URL is https and every icon exists at its size", () => {
  const urls: string[] = [];
  walk(root, (node) => {
    // Namespace names are identifiers, not places the add-in loads from.
    for (const [name, value] of Object.entries(node.attrs)) if (!name.startsWith("xmlns") && /^[a-z]+:\/\//i.test(value)) urls.push(value);
    if (/^[a-z]+:\/\//i.test(node.text.trim())) urls.push(node.text.trim());
  });
  expect(urls.length).toBeGreaterThan(5);
  for (const url of urls) expect(url).toMatch(/^https:\/\//);

  for (const image of all(root, "bt:Image").filter((n) => n.attrs.size)) {
    const id = image.attrs.resid;
    const resource = all(root, "bt:Image").find((n) => n.attrs.id === id)!;
    const file = join(ROOT, new URL(resource.attrs.DefaultValue).pathname);
    const png = readFileSync(file);
    expect(png.readUInt32BE(16)).toBe(Number(image.attrs.size));
  }
  for (const size of [16, 32, 64, 80, 128]) {
    const png = readFileSync(join(ROOT, "assets", `icon-${size}.png`));
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
  }
});

describe("production URL", () => {
  test("rewrites every dev URL, the bare origin too", () => {
    const out = rewriteManifest(MANIFEST, "https://addins.example.com/docsheet/");
    expect(out).not.toMatch(/localhost/);
    expect(out).toContain("https://addins.example.com/docsheet/taskpane.html");
    expect(out).toContain("<AppDomain>https://addins.example.com</AppDomain>");
    expect(XMLValidator.validate(out)).toBe(true);
  });

  test("ADDIN_PUBLIC_URL is normalised and must be https and not localhost", () => {
    expect(publicUrl({})).toMatch(/^https:\/\/[^/]+\/$/);
    expect(publicUrl({ ADDIN_PUBLIC_URL: "https://a.example/x" })).toBe("https://a.example/x/");
    expect(() => publicUrl({ ADDIN_PUBLIC_URL: "http://a.example/" })).toThrow(/https/);
    expect(() => publicUrl({ ADDIN_PUBLIC_URL: DEV_URL })).toThrow(/localhost/);
    expect(() => publicUrl({ ADDIN_PUBLIC_URL: "not a url" })).toThrow(/not a URL/);
  });

  // The run's shared production build (test/helpers/pane-build.ts), which the browser tests use too.
  test("a production build leaves no localhost URL in dist", async () => {
    const out = await paneBuild(() => (scratch = mkdtempSync(join(tmpdir(), "docsheet-build-"))));
    const manifest = readFileSync(join(out, "manifest.xml"), "utf8");
    expect(manifest).toContain(`${PANE_PUBLIC_URL}taskpane.html`);
    for (const file of readdirSync(out).filter((f) => /\.(xml|html)$/.test(f))) {
      expect(readFileSync(join(out, file), "utf8")).not.toMatch(/localhost/);
    }
    for (const page of ["taskpane.html", "preview.html", "commands.html", "help.html"]) expect(readdirSync(out)).toContain(page);
    // Production bundles: content-hashed names.
    const scripts = readdirSync(out).filter((f) => f.endsWith(".js"));
    expect(scripts.filter((f) => /^taskpane\.[0-9a-f]{8}\.js$/.test(f))).toHaveLength(1);
  }, 240_000);

  let scratch: string | undefined;
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });
});
