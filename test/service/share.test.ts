// Share links: unguessable tokens, and the document page parsed as a browser would (jsdom), with
// hostile text shown as text and labels in the document's language.
import { JSDOM } from "jsdom";
import { escapeHtml, isShareToken, newShareToken, renderSharePage } from "../../src/service/share";
import { sampleDocument, SAMPLE_COMPANY } from "../fixtures/files/sample-document";

const input = { family: "tax-invoices" as const, doc: sampleDocument(3), company: SAMPLE_COMPANY, culture: "th" as const };
const parse = (html: string) => new JSDOM(html).window.document;
const text = (html: string) => parse(html).body.textContent!.replace(/\s+/g, " ");

describe("share tokens", () => {
  test("URL-safe, 256 bits, never repeated", () => {
    const tokens = Array.from({ length: 2000 }, newShareToken);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const t of tokens) {
      expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(encodeURIComponent(t)).toBe(t);
      expect(Buffer.from(t, "base64url")).toHaveLength(32);
      expect(isShareToken(t)).toBe(true);
    }
    // Every base64url character shows up across tokens: they are not drawn from a small alphabet.
    expect(new Set(tokens.join("")).size).toBe(64);
  });

  test("lookups refuse text that is not a token", () => {
    for (const bad of ["", "abc", "../../etc/passwd", `${newShareToken()}x`, "a".repeat(42) + "=", 5, null]) {
      expect(isShareToken(bad)).toBe(false);
    }
  });
});

describe("share page", () => {
  test("hostile text in the document is shown as text and never becomes markup", () => {
    const doc = {
      ...sampleDocument(1),
      contactName: `<script>alert("x")</script><img src=x onerror=alert(1)>`,
      remarks: `</td></tr></table><b>bold</b> & "quoted" 'single'`,
      items: [{ name: "<iframe src='https://evil.example'>", quantity: 1, pricePerUnit: 1, total: 1 }],
    };
    const html = renderSharePage({ ...input, doc, company: { name: `"><svg onload=alert(1)>` }, pdfUrl: `javascript:alert(1)" onclick="x` });
    const page = parse(html);
    expect(page.querySelectorAll("script, img, iframe, svg, b").length).toBe(0);
    expect(page.querySelectorAll("[onerror], [onload], [onclick], a").length).toBe(0); // javascript: link dropped
    const shown = text(html);
    expect(shown).toContain(`<script>alert("x")</script><img src=x onerror=alert(1)>`);
    expect(shown).toContain(`</td></tr></table><b>bold</b> & "quoted" 'single'`);
    expect(shown).toContain("<iframe src='https://evil.example'>");
    expect(html).not.toMatch(/<script/i);
    expect(page.querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute("content")).toContain("default-src 'none'");
  });

  test("a Thai document shows Thai labels, the figures and the amount in words", () => {
    const html = renderSharePage(input);
    const page = parse(html);
    expect(page.documentElement.lang).toBe("th");
    expect(page.title).toBe("ใบกำกับภาษี INV2026110001");
    const shown = text(html);
    for (const expected of ["ใบกำกับภาษี", "บริษัท เดโม่ จำกัด", "ลูกค้า", "21/11/2569", "ค่าที่ปรึกษาด้านบัญชี", "ราคาต่อหน่วย", "1,234.50", "จำนวนเงินรวมทั้งสิ้น", "ยอดชำระ", "บาท", "หมายเหตุ"]) {
      expect(shown).toContain(expected);
    }
    expect(page.querySelectorAll("tbody tr").length).toBeGreaterThanOrEqual(3 + 3); // lines + totals
  });

  test("an English document shows English labels; the PDF link is offered when given", () => {
    const html = renderSharePage({ ...input, culture: "en", pdfUrl: "/test/share/abc/pdf?x=1&y=2" });
    const page = parse(html);
    expect(page.documentElement.lang).toBe("en");
    const shown = text(html);
    for (const expected of ["Tax Invoice", "Demo Co., Ltd.", "Customer", "21 Nov 2026", "Unit price", "Grand total", "Amount to pay"]) {
      expect(shown).toContain(expected);
    }
    expect(shown).not.toContain("ใบกำกับภาษี");
    expect(page.querySelector("a.pdf")!.getAttribute("href")).toBe("/test/share/abc/pdf?x=1&y=2");
  });

  test("escapeHtml escapes the five characters that matter", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });
});
