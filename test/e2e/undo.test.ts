// Undo of the last post in real Chromium, on the preview page (test/e2e/preview-support.ts): post
// two documents, Undo shows what it would do and changes nothing, Undo now voids them and clears
// their rows, a post again creates new ones; the Thai preview too. Screenshots in test-artifacts/.
import { join } from "node:path";
import { createClient } from "../../src/api/client";
import { ARTIFACTS, cell, headerColumn, postedPreview, previewSession } from "./preview-support";

jest.setTimeout(240_000);

const session = previewSession();

test("post, preview the undo, undo, post again; the preview in Thai", async () => {
  const page = await postedPreview(session, "Invoices", [
    ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"],
    ["U-1", "Undo Browser Co", "2026-02-10", "TRUE", "Pens", 2, 100],
    ["U-2", "Undo Browser Co", "2026-02-10", "TRUE", "Paper", 3, 80],
  ], 2);
  const [idCol, serialCol, resultCol] = [await headerColumn(page, "recordId"), await headerColumn(page, "documentSerial"), await headerColumn(page, "result")];
  const ids = [await cell(page, `${idCol}2`), await cell(page, `${idCol}3`)];
  const serials = [await cell(page, `${serialCol}2`), await cell(page, `${serialCol}3`)];
  expect(serials.every((s) => s.startsWith("INV"))).toBe(true);
  const client = createClient({ root: session.service.root, ...session.demo });

  // The preview names what would happen and changes nothing.
  await page.click("button:has-text('Undo this post')");
  await page.waitForSelector("#post [role=alertdialog]", { timeout: 60_000 });
  expect(await page.textContent("#ds-undo-text")).toMatch(/^Undo the post of .+\? 2 to void\.$/);
  expect(await page.$$eval("#post .undo ul.rows button", (bs) => bs.map((b) => b.textContent))).toEqual([
    `Row 2, document U-1:Would void ${serials[0]}; would delete contact Undo Browser Co`, `Row 3, document U-2:Would void ${serials[1]}`,
  ]);
  expect(await page.textContent("#post .undo .msg.info")).toBe("Contacts the service created for this post: would delete contact Undo Browser Co");
  await page.locator("#post").screenshot({ path: join(ARTIFACTS, "undo-preview.png") });
  expect(await cell(page, `${idCol}2`)).toBe(ids[0]);
  expect((await client.documents("tax-invoices").get(ids[0])).statusString).toBe("awaiting");

  // Undo now: both voided, the rows cleared and saying so.
  await page.click("button:has-text('Undo now')");
  await page.waitForSelector("#post .undo .msg.ok", { timeout: 60_000 });
  expect(await page.textContent("#post .undo .msg.ok")).toBe("Undone: 2 voided. The rows can be corrected and posted again.");
  for (const [i, row] of [2, 3].entries()) {
    expect(await cell(page, `${idCol}${row}`)).toBe("");
    expect(await cell(page, `${serialCol}${row}`)).toBe("");
    expect(await cell(page, `${resultCol}${row}`)).toBe(`Undone: ${serials[i]} voided${row === 2 ? "; contact Undo Browser Co deleted" : ""}`);
    expect((await client.documents("tax-invoices").get(ids[i])).statusString).toBe("void");
  }
  await page.screenshot({ path: join(ARTIFACTS, "undo-done.png") });

  // Posted again: two new documents, not the void ones.
  await page.click("button:has-text('Post documents')");
  await page.waitForSelector("#post .msg.ok:has-text('2 created')", { timeout: 60_000 });
  const again = [await cell(page, `${idCol}2`), await cell(page, `${idCol}3`)];
  expect(again.every((id) => /^\d+$/.test(id) && !ids.includes(id))).toBe(true);

  // The preview of undoing that post, in Thai; kept.
  await page.selectOption("#ds-lang", "th");
  await page.click("button:has-text('ย้อนกลับการส่งครั้งนี้')");
  await page.waitForSelector("#post [role=alertdialog]", { timeout: 60_000 });
  expect(await page.textContent("#ds-undo-text")).toMatch(/^ย้อนกลับการส่งเมื่อ .+ หรือไม่\? จะยกเลิก 2$/);
  await page.locator("#post").screenshot({ path: join(ARTIFACTS, "undo-preview-th.png") });
  await page.click("#post [role=alertdialog] button:has-text('คงไว้')");
  expect(await page.$("#post [role=alertdialog]")).toBeNull();
  for (const id of again) expect((await client.documents("tax-invoices").get(id)).statusString).toBe("awaiting");
  await page.close();
});
