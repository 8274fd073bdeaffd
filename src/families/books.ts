// The books beside the documents (issue 26): journal vouchers and the company's master data
// (contacts, products). Their sheets are journal-sheet.ts, contacts-sheet.ts and products-sheet.ts; they have no statuses, payments
// or upgrades.
import type { BookFamily } from "../rules/codes";
import { familyCard } from "./cards";
import { familySheet, type RecordIdentity } from "./sheets";
import type { BuiltBook } from "../sheet/books/built";
import type { Json } from "../rules/json";
import type { ContactBody, ProductBody } from "../rules/schemas/bodies";
import { BOOK_PROOF } from "./proofs";
import { nameBy, recordIdOf, storeOf } from "./store";
import type { FamilyEntry } from "./types";

/** The fields of each identity that names a record on its own (a name names only what has no other key). */
const identitiesOf = (identity: RecordIdentity | undefined): readonly (readonly string[])[] =>
  (identity?.keys ?? []).flatMap((k) => (k.by === "tax" ? [[k.field, k.branch]] : k.by === "code" ? [[k.field]] : []));

/** The result columns a book's post writes back (its sheet's layout). */
const resultKeys = (family: BookFamily): readonly string[] => familySheet(family).bookLayout?.resultKeys ?? [];

/** What a family is called in English and Thai (its card's, from the text tables): words it is named by. */
const called = (family: BookFamily): string[] => [familyCard(family).label.en, familyCard(family).label.th];

const book = <F extends BookFamily>(family: F) => ({
  ...familyCard(family),
  identities: identitiesOf(familySheet(family).identity),
  statuses: [] as readonly string[],
  // Known to undo by the name and fingerprint a sealed entry recorded (a contact's note is its owner's to change).
  proof: BOOK_PROOF,
  columns: { post: resultKeys(family), undo: ["recordId", "result"] as readonly string[] },
  ...familySheet(family),
});

export const VOUCHERS: FamilyEntry<"journal-entries"> = {
  ...book("journal-entries"),
  words: [...called("journal-entries"), "journal entry", "journal", "สมุดรายวัน", "ใบสำคัญทั่วไป", "journal-entries"],
  usesAccounts: true,
  // A voucher carries the row's marker in its note (sheet/books/builders.ts).
  recovery: { by: "marker", field: "note" },
  // The service has no delete for vouchers: undo keeps them and says so, and a race's loser is
  // reported at its row, never removed.
  undo: "keep",
  raceLoser: "report",
  columns: { post: resultKeys("journal-entries"), undo: ["recordId", "documentSerial", "status", "result"] },
  store: (client) => storeOf({ ...client.journalEntries, delete: undefined }, false),
  nameOf: nameBy("documentSerial"),
  // Its marker is in its note (the build put it there).
  sendBook: (client, built: Extract<BuiltBook, { family: "journal-entries" }>, _marker, { draft, signal }) =>
    draft ? client.journalEntries.draft(built.body!, { signal }) : client.journalEntries.approve(built.body!, { signal }),
};

export const CONTACTS: FamilyEntry<"contacts"> = {
  ...book("contacts"),
  words: [...called("contacts"), "contacts"],
  usesAccounts: false,
  recovery: { by: "marker", field: "contactNote" },
  listedBy: [{ field: "contactName", column: "namelocal" }],
  undo: "delete",
  raceLoser: "delete",
  store: (client) => storeOf(client.contacts),
  nameOf: nameBy("contactCode", "contactName"),
  namedByOthers: true,
  updateRequires: ["contactName", "contactType", "contactGroup"],
  updateBook: (client, id, body, { signal }) => client.contacts.update(id, body as ContactBody, { signal }) as Promise<Json>,
  // The row's marker: a run again after a kill claims only a contact carrying it.
  sendBook: (client, built: Extract<BuiltBook, { family: "contacts" }>, marker, { signal }) => client.contacts.create({ ...built.body!, contactNote: marker }, { signal }),
};

export const PRODUCTS: FamilyEntry<"products"> = {
  ...book("products"),
  words: [...called("products"), "สินค้า/บริการ", "products"],
  usesAccounts: true,
  // A product has no field to carry a marker.
  recovery: { by: "identity" },
  listedBy: [{ field: "code", column: "productCode" }, { field: "name", column: "name" }],
  undo: "delete",
  raceLoser: "delete",
  store: (client) => storeOf(client.products),
  nameOf: nameBy("code", "name"),
  accountsOnMaster: true,
  updateRequires: ["name", "type", "productStructureType"],
  // A product's accounts are updated on its master (families/update-books.ts), its other fields here.
  updateBook: (client, id, body, { signal }) => client.products.update(id, body as ProductBody, { signal }) as Promise<Json>,
  sendBook: async (client, built: Extract<BuiltBook, { family: "products" }>, _marker, { signal }) => {
    if (!built.master) return client.products.create(built.body!, { signal });
    // A product with accounts is made as a product master, in one request; read back as a
    // product (the view find, update and undo compare).
    const made = await client.productMasters.create(built.master, { signal });
    return client.products.get(recordIdOf(made as Json), { signal });
  },
};
