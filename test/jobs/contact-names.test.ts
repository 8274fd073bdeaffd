// A contacts row is the contact its identity names (issue 34): a row with a new code and no tax id
// is a new contact, even when a contact of another code has its name; a row of the same code, or
// with no code, is still that contact. Against the real local service.
import { postJob } from "../../src/jobs/post";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { jobsService, now } from "./service";

jest.setTimeout(60_000);
const svc = jobsService();

const named = async (name: string): Promise<string[]> => {
  const out: string[] = [];
  for await (const page of svc.client.contacts.listAll({ pageSize: 200 })) {
    for (const c of page.list as Array<{ contactName?: string; contactCode?: string }>) if (c.contactName === name) out.push(c.contactCode ?? "");
  }
  return out.sort();
};

it("a row with a new code is a new contact beside one of another code and the same name; the same code is the same contact", async () => {
  await svc.client.contacts.create({ contactName: "Namesake Trading", contactCode: "NS-OLD", contactType: 3, contactGroup: 3 } as never);
  const wb = new MemoryWorkbook({ Contacts: [["Name", "Code", "Type"], ["Namesake Trading", "NS-NEW", "Customer"]] });
  const post = await postJob(wb, svc.client, { family: "contacts", now });
  expect(post.counts.created).toBe(1);
  expect(await named("Namesake Trading")).toEqual(["NS-NEW", "NS-OLD"]);
  // Posted again by another sheet with the old code: that contact, not a third one.
  const again = new MemoryWorkbook({ Contacts: [["Name", "Code", "Type"], ["Namesake Trading", "NS-OLD", "Customer"]] });
  const second = await postJob(again, svc.client, { family: "contacts", now });
  expect(second.counts.created).toBe(0);
  expect(await named("Namesake Trading")).toEqual(["NS-NEW", "NS-OLD"]);
});
