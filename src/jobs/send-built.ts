// A built document sent by the operation it was built for: each case calls the client's typed
// operation with the body typed for it, so no operation is called through a cast.
import type { CallOpts, DocumentApi } from "../api/client";
import type { DocumentRecord } from "../api/types";
import type { SendableDocument } from "../sheet/body";

/** Sends a document by its operation. */
export function sendBuilt(api: DocumentApi, built: SendableDocument, o?: CallOpts): Promise<DocumentRecord> {
  switch (built.operation) {
    case "create": return api.create(built.body, o);
    case "createInline": return api.createInline(built.body, o);
    case "createWithPayment": return api.createWithPayment(built.body, o);
    case "createInlineWithPayment": return api.createInlineWithPayment(built.body, o);
    case "upgrade": return api.upgrade(built.body, o);
    case "upgradeInline": return api.upgradeInline(built.body, o);
    case "upgradeWithPayment": return api.upgradeWithPayment(built.body, o);
    case "upgradeInlineWithPayment": return api.upgradeInlineWithPayment(built.body, o);
    case "partialReceipt": return api.partialReceipt(built.body, o);
  }
}
