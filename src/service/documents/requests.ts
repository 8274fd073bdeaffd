// The document requests that read and change several rows, each in its own transaction with the
// documents it changes locked, answered as read back: a payment, and a partial receipt's create
// and update.
import type { Family } from "../../rules/codes";
import type { Json } from "../../rules/json";
import type { Db } from "../store/database";
import { loadDocument } from "./lifecycle";
import { createPartialReceipt, updatePartialReceipt } from "./partial-receipts";
import { assertNoReceipt, assertPayable, checkPaymentChannels, composePayment, markPaid } from "./payments";
import { documentAnswersById } from "./repository";

/** POST {family}/{id}/payment: a checked payment on an awaiting document, which it leaves paid. */
export function payDocument(db: Db, companyId: number, family: Family, id: number, body: Json): Promise<Json> {
  return db.transaction(async (tx) => {
    const row = await loadDocument(tx, companyId, family, id, true);
    assertPayable(row);
    await assertNoReceipt(tx, row);
    const channels = await checkPaymentChannels(tx, companyId, body);
    await markPaid(tx, row, "payment", composePayment(body, row.body, channels));
    return (await documentAnswersById(tx, [id]))[0];
  });
}

/** POST /receipts in batch mode: a checked partial receipt of tax invoices. */
export function postPartialReceipt(db: Db, companyId: number, body: Json): Promise<Json> {
  return db.transaction(async (tx) => {
    const row = await createPartialReceipt(tx, companyId, body);
    return (await documentAnswersById(tx, [row.id]))[0];
  });
}

/** PUT /receipts/{id} of a partial receipt. */
export function putPartialReceipt(db: Db, companyId: number, id: number, body: Json): Promise<Json> {
  return db.transaction(async (tx) => {
    const current = await loadDocument(tx, companyId, "receipts", id, true);
    const row = await updatePartialReceipt(tx, current, body);
    return (await documentAnswersById(tx, [row.id]))[0];
  });
}
