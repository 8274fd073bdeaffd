// The company guard in the pane (jsdom, the whole App with the real pane services against the real
// local service): connected as Demo, a post and a VAT report; connected as Other, everything of
// Demo's is gone from the pane (results, the Undo offer, the VAT figures), Post and Update are
// refused naming both companies and change nothing; the connections are remembered without their
// secret, and a pane opened again on the workbook fills in the connection it was posted with.
import { createClient } from "../../src/api/client";
import { App } from "../../src/taskpane/app";
import { createServices } from "../../src/taskpane/services";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { FileCompany } from "../helpers/shared-service";
import { seedVatMonth } from "../helpers/vat-month";
import { bridgedFetch, choose, click, localService, mountPane, typeInto, until } from "./support";

jest.setTimeout(180_000);

const local = localService();
const HEADER = ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"];
const REFUSED = "This sheet was posted to Demo Co., Ltd.; you are connected to Other Co., Ltd.";

function memoryStorage(): Storage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) } as unknown as Storage & { map: Map<string, string> };
}

const text = (root: HTMLElement) => root.textContent ?? "";
const buttons = (root: HTMLElement) => [...root.querySelectorAll("button")].map((b) => b.textContent ?? "");

async function connectAs(root: HTMLElement, as: FileCompany, company: string): Promise<void> {
  choose(root, "#ds-env", "custom");
  typeInto(root, "#ds-root", local.service.root);
  typeInto(root, "#ds-client-id", as.clientId);
  typeInto(root, "#ds-secret", as.clientSecret);
  click(root, "Test connection");
  await until(() => text(root).includes(`Connected to ${company}`), `the connection to ${company}`);
}

async function otherCount(): Promise<number> {
  const other = createClient({ root: local.service.root, ...local.other, fetch: bridgedFetch });
  return (await other.documents("tax-invoices").list({})).total;
}

afterEach(() => {
  document.body.innerHTML = "";
});

test("switching from Demo to Other clears Demo's results, Undo offer and VAT figures; Post and Update are refused by name", async () => {
  await seedVatMonth(createClient({ root: local.service.root, ...local.demo, fetch: bridgedFetch }));
  const book = new MemoryWorkbook({ S: [HEADER, ["PG1", "Pane Guard Co", "2026-03-02", true, "Pen", 2, 100], ["PG2", "Pane Guard Co", "2026-03-02", true, "Ink", 1, 50]] });
  const storage = memoryStorage();
  const services = createServices({ port: book, relayBase: null, fetch: bridgedFetch });
  const root = mountPane(<App services={services} lang="en" storage={storage} />);
  await connectAs(root, local.demo, "Demo Co., Ltd.");

  click(root, "Post documents");
  await until(() => buttons(root).includes("Undo this post"), "the post and its Undo offer");
  expect(text(root)).toContain("2 created");
  typeInto(root, "#ds-vat-month", "2026-03");
  click(root, "Make the VAT report");
  await until(() => root.querySelector("#vat-report table") !== null, "the VAT figures");
  const sheet = JSON.stringify(book.sheet("S").values);
  const before = await otherCount();

  await connectAs(root, local.other, "Other Co., Ltd.");
  expect(buttons(root)).not.toContain("Undo this post");
  expect(text(root)).not.toContain("2 created");
  expect(root.querySelector("#vat-report table")).toBeNull();
  expect(text(root)).toContain("This workbook was posted to Demo Co., Ltd.; you are connected to Other Co., Ltd.");

  click(root, "Post documents");
  await until(() => text(root.querySelector("#post")!).includes(REFUSED), "the post's refusal");
  click(root, "Preview changes");
  await until(() => text(root.querySelector("#update") ?? root).includes(REFUSED), "the update's refusal");
  expect(JSON.stringify(book.sheet("S").values)).toBe(sheet);
  expect(await otherCount()).toBe(before);

  // Both connections remembered, with their companies, never a secret.
  expect([...storage.map.values()].join()).not.toMatch(/secret/);
  const remembered = JSON.parse(storage.map.get("docsheet.connections")!) as { clientId: string; company?: { name: string } }[];
  expect(remembered.map((c) => [c.clientId, c.company?.name])).toEqual([[local.other.clientId, "Other Co., Ltd."], [local.demo.clientId, "Demo Co., Ltd."]]);

  // Opened again on the workbook: the connection it was posted with is filled in, not the last one used.
  document.body.innerHTML = "";
  const again = mountPane(<App services={createServices({ port: book, relayBase: null, fetch: bridgedFetch })} lang="en" storage={storage} />);
  await until(() => text(again).includes(`the connection it was posted with (${local.demo.clientId}) is filled in`), "the offer");
  expect((again.querySelector("#ds-client-id") as HTMLInputElement).value).toBe(local.demo.clientId);
  expect((again.querySelector("#ds-secret") as HTMLInputElement).value).toBe("");
  expect([...again.querySelectorAll("#ds-remembered option")].map((o) => o.textContent)).toEqual([
    "Choose one…", `Other Co., Ltd. · ${local.other.clientId} · ${local.service.root}`, `Demo Co., Ltd. · ${local.demo.clientId} · ${local.service.root}`,
  ]);
});
