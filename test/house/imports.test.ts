// The house's import rules (DESIGN.md, House rules): the service's domain never imports its routes
// or HTTP layer, the workbook hosts import nothing of the sheet above them, and no import circle
// anywhere in src/, type-only ones included; one JSON object type (rules/json.ts), not a copy per module.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { importCircles, importGraph, sourceFiles } from "../helpers/import-graph";

const graph = importGraph("src");

/** "from → to" for every import of a module matching `from` of a module under one of `into`. */
function importsInto(from: RegExp, into: string[]): string[] {
  return [...graph].flatMap(([file, targets]) =>
    from.test(file) ? targets.filter((t) => into.some((dir) => t.startsWith(dir))).map((t) => `${file} → ${t}`) : []);
}

describe("the service's layers", () => {
  it("reads the imports it judges (routes import the domain, type-only imports included)", () => {
    expect(importsInto(/^src\/service\/routes\/documents\.ts$/, ["src/service/documents/"]))
      .toEqual(expect.arrayContaining([
        "src/service/routes/documents.ts → src/service/documents/lifecycle.ts",
        "src/service/routes/documents.ts → src/service/documents/compose.ts", // import type
      ]));
  });

  it("keeps the domain (documents, exports, masters, ledger, ...) out of the routes and the HTTP layer", () => {
    const domain = /^src\/service\/(documents|exports|masters|ledger|pdf|mail|share|files|attachments|outbox|store|auth)\//;
    expect(importsInto(domain, ["src/service/routes/", "src/service/http/"])).toEqual([]);
  });

  it("leaves storage to the domain: no route queries the store, opens a transaction or reads its tables", () => {
    const routes = sourceFiles("src").filter((file) => file.startsWith("src/service/routes/"));
    const storing = routes.filter((file) => {
      const text = readFileSync(join(__dirname, "../..", file), "utf8");
      return /from "drizzle-orm|\.transaction\(|\b(db|tx)\.(select|insert|update|delete|execute)\(/.test(text);
    });
    expect(routes.length).toBeGreaterThan(10);
    expect(storing).toEqual([]);
    expect(importsInto(/^src\/service\/routes\//, ["src/service/store/schema"])).toEqual([]);
  });
});

describe("src/workbook", () => {
  it("imports nothing from src/sheet (the sheet builds on the hosts, not the other way round)", () => {
    expect(importsInto(/^src\/workbook\//, ["src/sheet/"])).toEqual([]);
  });
});

describe("import circles", () => {
  it("are named, one per circle, type-only imports included", () => {
    const g = new Map([
      ["a.ts", ["b.ts"]], ["b.ts", ["c.ts"]], ["c.ts", ["a.ts", "d.ts"]], ["d.ts", []], ["e.ts", ["e.ts"]],
    ]);
    expect(importCircles(g)).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"], ["e.ts", "e.ts"]]);
  });

  it("none in src/", () => {
    expect(importCircles(graph).map((circle) => circle.join(" → "))).toEqual([]);
  });
});

describe("the JSON object type", () => {
  it("is declared once, in src/rules/json.ts, and imported everywhere else", () => {
    const declares = sourceFiles("src").filter((file) =>
      /^\s*(export\s+)?type\s+Json\s*=/m.test(readFileSync(join(__dirname, "../..", file), "utf8")));
    expect(declares).toEqual(["src/rules/json.ts"]);
  });
});

describe("messages", () => {
  it("are rendered by key: the pattern translator is imported only to read the service's own text", () => {
    const readers = [...graph].filter(([, targets]) => targets.includes("src/sheet/i18n/translate.ts")).map(([file]) => file).sort();
    expect(readers).toEqual([
      // An error body as the service sent it (rows' and jobs' errors).
      "src/jobs/error-text.ts",
      // Messages of key "service", and errors that carry no key.
      "src/sheet/i18n/render.ts",
    ]);
  });
});
