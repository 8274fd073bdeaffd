// bench/api: read 10,000 documents (50 pages of 200) from the local service with 50 ms added to
// every answer, one page at a time versus pages in parallel. Target: parallel ≤ 1/3 of sequential.
// The documents are seeded first on a service without the delay (same data dir), over HTTP with
// 16 creates in flight.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type DocSheetClient } from "../src/api/client";
import { startTestService } from "../test/helpers/service";
import { runAsScript } from "./support";

const DOCUMENTS = 10_000;
const PAGE_SIZE = 200;
const DELAY_MS = 50;
const SEED_CONCURRENCY = 16;
const PARALLEL = 8;
const FAMILY = "quotations" as const;

const demo = (root: string): DocSheetClient => createClient({ root, clientId: "demo", clientSecret: "demo-secret", requestsPerMinute: Infinity });

async function seed(client: DocSheetClient): Promise<void> {
  const contacts = await client.contacts.list({ currentPage: 1, pageSize: 1 });
  const contact = contacts.list[0];
  const today = new Date().toISOString().slice(0, 10);
  const body = {
    contactId: contact.id, contactName: contact.contactName, documentStructureType: "SimpleDocument" as const, publishedOn: today, dueDate: today,
    isVatInclusive: false, isVat: true, subTotal: 100, discountAmount: 0, totalAfterDiscount: 100, vatAmount: 7, grandTotal: 107,
    items: [{ type: 1, name: "Item", quantity: 1, unitName: "pcs", pricePerUnit: 100, total: 100 }],
  };
  let next = 0;
  const docs = client.documents(FAMILY);
  await Promise.all(
    Array.from({ length: SEED_CONCURRENCY }, async () => {
      while (next < DOCUMENTS) {
        next++;
        await docs.create(body);
      }
    }),
  );
}

async function readAll(client: DocSheetClient, concurrency: number): Promise<{ ms: number; documents: number; pages: number }> {
  const t0 = performance.now();
  let documents = 0;
  let pages = 0;
  for await (const page of client.documents(FAMILY).listAll({}, { pageSize: PAGE_SIZE, concurrency })) {
    documents += page.list.length;
    pages++;
  }
  return { ms: Math.round(performance.now() - t0), documents, pages };
}

export async function run(): Promise<Record<string, string | number>> {
  const dataDir = mkdtempSync(join(tmpdir(), "docsheet-bench-api-"));
  try {
    const seeding = await startTestService({ dataDir });
    const t0 = performance.now();
    try {
      await seed(demo(seeding.root));
    } finally {
      await seeding.stop();
    }
    const seedMs = Math.round(performance.now() - t0);

    const slow = await startTestService({ dataDir, answerDelayMs: DELAY_MS });
    try {
      const client = demo(slow.root);
      await client.testConnection(); // token fetched outside the timings
      const sequential = await readAll(client, 1);
      const parallel = await readAll(client, PARALLEL);
      if (sequential.documents < DOCUMENTS || parallel.documents !== sequential.documents) {
        throw new Error(`read ${sequential.documents} / ${parallel.documents} documents, expected ${DOCUMENTS}`);
      }
      const ratio = parallel.ms / sequential.ms;
      return {
        "seeded documents": `${DOCUMENTS} in ${seedMs} ms`,
        "pages read": sequential.pages,
        "answer delay (ms)": DELAY_MS,
        "sequential (ms)": sequential.ms,
        [`parallel, ${PARALLEL} pages in flight (ms)`]: parallel.ms,
        "parallel / sequential": ratio.toFixed(3),
        "target parallel <= 1/3 of sequential": ratio <= 1 / 3 ? "met" : "NOT met",
      };
    } finally {
      await slow.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) runAsScript(run);
