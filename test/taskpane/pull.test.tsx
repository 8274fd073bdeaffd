// The Pull form's order and contact filter (jsdom): offered in English and Thai, and a pull through
// the real pane services and the real local service lists only the contact's documents, in the
// order chosen.
import { createClient } from "../../src/api/client";
import { postJob } from "../../src/jobs/post";
import { fieldForHeader } from "../../src/sheet/fields";
import { shownDate, shownMonth, typedDate, typedMonth } from "../../src/taskpane/dates";
import { translator, type Lang } from "../../src/taskpane/i18n";
import { PullSection } from "../../src/taskpane/sections/pull";
import { createServices } from "../../src/taskpane/services";
import { type PaneServices } from "../../src/taskpane/views";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { bridgedFetch, choose, click, localService, mountPane, options, typeInto, until } from "./support";
import { asUpdate } from "../helpers/wire-bodies";

jest.setTimeout(120_000);

const mount = (services: PaneServices, lang: Lang = "en", connected = false): HTMLElement =>
  mountPane(<PullSection t={translator(lang)} lang={lang} services={services} family="quotations" connected={connected} />);

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the Pull form's order and contact filter", () => {
  test("offers the orders and the contact filter in English and Thai", () => {
    const services = createServices({ port: new MemoryWorkbook(), relayBase: null });
    const en = mount(services);
    expect(options(en, "#ds-sort")).toEqual([
      ["", "Newest first"], ["publishedOn:asc", "Oldest first"], ["documentSerial:asc", "By document number"],
      ["Contact.NameLocal:asc", "By contact name (A–Z)"], ["Value:desc", "Largest amount first"], ["Status:asc", "By status"],
    ]);
    expect(en.querySelector("label[for=ds-contact]")!.textContent).toBe("Contact name contains");
    const th = mount(services, "th");
    expect(options(th, "#ds-sort").map(([, text]) => text)).toEqual([
      "ใหม่สุดก่อน", "เก่าสุดก่อน", "ตามเลขที่เอกสาร", "ตามชื่อผู้ติดต่อ (ก–ฮ, A–Z)", "ยอดเงินมากสุดก่อน", "ตามสถานะ",
    ]);
    expect(th.querySelector("label[for=ds-contact]")!.textContent).toBe("ชื่อผู้ติดต่อมีคำว่า");
  });

  test("dates and the VAT month in Thai are day/month/Buddhist-era year, read back as Common Era dates", () => {
    expect([typedDate("15/03/2569"), typedDate("15/3/2026"), typedDate("2569-03-15"), typedDate("31/02/2569"), typedDate("")]).toEqual(["2026-03-15", "2026-03-15", "2026-03-15", undefined, ""]);
    expect([typedMonth("03/2569"), typedMonth("2026-3"), typedMonth("13/2569")]).toEqual(["2026-03", "2026-03", undefined]);
    expect([shownDate("2026-03-15", "th"), shownMonth("2026-03", "th"), shownDate("2026-03-15", "en")]).toEqual(["15/03/2569", "03/2569", "2026-03-15"]);
    const services = createServices({ port: new MemoryWorkbook(), relayBase: null });
    const th = mount(services, "th", true);
    const month = th.querySelector("#ds-vat-month") as HTMLInputElement;
    expect([month.type, month.placeholder]).toEqual(["text", "ดด/ปปปป"]);
    expect(month.value).toMatch(/^\d{2}\/25\d{2}$/);
    typeInto(th, "#ds-start", "31/02/2569");
    click(th, "ดึงลงชีตใหม่");
    expect(th.querySelector("#pull .msg.error")!.textContent).toBe("31/02/2569: วว/ดด/ปปปป (ปี พ.ศ. หรือ ค.ศ.)");
    const en = mount(services, "en");
    expect((en.querySelector("#ds-start") as HTMLInputElement).type).toBe("date");
  });

  describe("against the local service", () => {
    const local = localService();

    test("pulls only the contact's documents, largest amount first", async () => {
      const client = createClient({ root: local.service.root, ...local.demo, fetch: bridgedFetch });
      const quotations = client.documents("quotations");
      for (const [contactName, amount] of [["Sorted Pull Co", 100], ["Other Buyer", 900], ["Sorted Pull Co", 300], ["sorted pull co", 200]] as const) {
        await quotations.create({
          contactName, publishedOn: "2026-04-01", isVat: false, items: [{ name: "Pen", quantity: 1, pricePerUnit: amount, total: amount }],
          subTotal: amount, totalAfterDiscount: amount, vatAmount: 0, grandTotal: amount,
        });
      }
      const book = new MemoryWorkbook();
      const services = createServices({ port: book, relayBase: null, fetch: bridgedFetch });
      await services.connect({ environment: "custom", customRoot: local.service.root, ...local.demo });
      const root = mount(services, "en", true);
      choose(root, "#ds-sort", "Value:desc");
      typeInto(root, "#ds-contact", "sorted pull");
      click(root, "Pull into a new sheet");
      await until(() => root.querySelector("#pull .msg.ok") !== null || root.querySelector("#pull .msg.error") !== null, "the pull's result");
      expect(root.querySelector("#pull .msg.ok")!.textContent).toBe("3 rows written to sheet “Quotations”.");
      const rows = book.sheet("Quotations").values;
      const col = (key: string) => rows[0].findIndex((h) => fieldForHeader(String(h))?.key === key);
      expect(rows.slice(1).map((r) => [r[col("contactName")], r[col("grandTotal")]])).toEqual([
        ["Sorted Pull Co", 300], ["sorted pull co", 200], ["Sorted Pull Co", 100],
      ]);
    });

    test("Refresh reads the pulled sheet again in place; Refresh selected rows takes the service's copy of an edited row", async () => {
      const client = createClient({ root: local.service.root, ...local.demo, fetch: bridgedFetch });
      const quotations = client.documents("quotations");
      const made = [];
      for (const contactName of ["Pane Refresh A", "Pane Refresh B"]) {
        made.push(await quotations.create({
          contactName, publishedOn: "2026-04-03", isVat: false, items: [{ name: "Pen", quantity: 1, pricePerUnit: 50, total: 50 }],
          subTotal: 50, totalAfterDiscount: 50, vatAmount: 0, grandTotal: 50,
        }));
      }
      const book = new MemoryWorkbook();
      let selected: number[] = [];
      const services = createServices({ port: book, relayBase: null, fetch: bridgedFetch, selection: async () => ({ sheet: "Quotations", rows: selected }) });
      await services.connect({ environment: "custom", customRoot: local.service.root, ...local.demo });
      await services.pull("quotations", { perLine: false, search: "Pane Refresh", sort: "documentSerial:asc" }, {});
      const rows = book.sheet("Quotations").values;
      const col = (key: string) => rows[0].findIndex((h) => fieldForHeader(String(h))?.key === key);
      // B's customer edited in the sheet; A's changed on the service.
      rows[2][col("contactName")] = "Pane Refresh B edited";
      const { contactId: _id, contactCode: _code, ...theirs } = await quotations.get(made[0].recordId);
      await quotations.update(made[0].recordId, asUpdate({ ...theirs, contactName: "Pane Refresh A renamed", documentStructureType: "UpdateSimpleDocument" }));

      const root = mount(services, "th", true);
      click(root, "รีเฟรชชีตนี้");
      await until(() => root.querySelector("#pull .msg.info, #pull .msg.error") !== null, "the refresh's result");
      expect(root.querySelector("#pull .msg.info")!.textContent).toBe("ชีต “Quotations”: รีเฟรช 1, เพิ่ม 0, ไม่เปลี่ยน 0, ถูกลบหรือยกเลิก 0, แก้ไขในชีตแล้วไม่ได้รีเฟรช 1");
      expect([...root.querySelectorAll("#pull ul.rows button")].map((b) => b.textContent)).toEqual([expect.stringMatching(/^แถว 3.*ไม่ได้รีเฟรช/)]);
      expect(rows.slice(1).map((r) => r[col("contactName")])).toEqual(["Pane Refresh A renamed", "Pane Refresh B edited"]);

      selected = [2];
      click(root, "รีเฟรชแถวที่เลือก");
      await until(() => root.querySelector("#pull .msg.ok") !== null, "the second refresh");
      expect(book.sheet("Quotations").values[2][col("contactName")]).toBe("Pane Refresh B");
    });

    test("Refresh of a pulled contacts sheet lists a contact edited in the sheet by its word and code, not as a document", async () => {
      const client = createClient({ root: local.service.root, ...local.demo, fetch: bridgedFetch });
      const code = `PR${Date.now()}`;
      const made = new MemoryWorkbook({ C: [["Code", "Name", "Type"], [code, `Pane Refresh ${code}`, "customer"]] });
      expect((await postJob(made, client, { family: "contacts", target: { sheet: "C" } })).counts.created).toBe(1);
      const book = new MemoryWorkbook();
      const services = createServices({ port: book, relayBase: null, fetch: bridgedFetch });
      await services.connect({ environment: "custom", customRoot: local.service.root, ...local.demo });
      const pulled = await services.pull("contacts", { perLine: false }, {});
      book.active = pulled.sheet;
      const rows = book.sheet(pulled.sheet).values;
      const at = rows.findIndex((r) => r.includes(code));
      rows[at][rows[at].indexOf(`Pane Refresh ${code}`)] = "edited in the sheet";
      const root = mountPane(<PullSection t={translator("en")} lang="en" services={services} family="contacts" connected />);
      click(root, "Refresh this sheet");
      await until(() => root.querySelector("#pull .msg.info, #pull .msg.error") !== null, "the refresh's result");
      expect([...root.querySelectorAll("#pull ul.rows button")].map((b) => b.textContent)).toEqual([expect.stringMatching(new RegExp(`^Row ${at + 1}, contact ${code}:not refreshed`))]);
    });
  });
});
