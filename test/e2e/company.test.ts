// The company guard in real Chromium, on the preview page (test/e2e/preview-support.ts): posted as
// Demo Co., then connected as Other Co., the pane no longer shows Demo's results or offers Undo of
// Demo's post, and Post is refused naming both companies, with nothing sent to Other and the rows
// as they were; both connections are remembered. Screenshot in test-artifacts/.
import { join } from "node:path";
import { createClient } from "../../src/api/client";
import { ARTIFACTS, cell, connect, headerColumn, postedPreview, previewSession } from "./preview-support";

jest.setTimeout(240_000);

const session = previewSession();

test("posted as Demo, connected as Other: Demo's results and Undo are gone, Post is refused by name", async () => {
  const page = await postedPreview(session, "Guarded", [
    ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"],
    ["G-1", "Guard Browser Co", "2026-02-11", "TRUE", "Pens", 2, 100],
  ], 1);
  await page.waitForSelector("button:has-text('Undo this post')");
  const idCol = await headerColumn(page, "recordId");
  const id = await cell(page, `${idCol}2`);
  const other = createClient({ root: session.service.root, clientId: "other", clientSecret: "other-secret" });
  const before = (await other.documents("tax-invoices").list({})).total;

  await connect(page, "other", "Other Co., Ltd.");
  expect(await page.$("button:has-text('Undo this post')")).toBeNull();
  expect(await page.$("#post .msg.ok")).toBeNull();
  expect(await page.textContent("#connect .msg.error")).toBe("This workbook was posted to Demo Co., Ltd.; you are connected to Other Co., Ltd.");
  await page.click("#post summary");
  await page.click("button:has-text('Post documents')");
  await page.waitForSelector("#post .msg.error", { timeout: 60_000 });
  expect(await page.textContent("#post .msg.error")).toBe("This sheet was posted to Demo Co., Ltd.; you are connected to Other Co., Ltd.");
  await page.screenshot({ path: join(ARTIFACTS, "company-refused.png") });
  expect(await cell(page, `${idCol}2`)).toBe(id);
  expect((await other.documents("tax-invoices").list({})).total).toBe(before);
  expect(await page.$$eval("#ds-remembered option", (os) => os.map((o) => o.textContent))).toEqual([
    "Choose one…", "Other Co., Ltd. · other · Local service (this computer)", "Demo Co., Ltd. · demo · Local service (this computer)",
  ]);
  await page.close();
});
