// A selection that nearly fills Excel on the web's 5 MB response: tax invoices of 5 lines under the
// family's own headers (a warning on each: no buyer address), for the tests that count syncs.
export function invoiceRows(docs: number): (string | number | boolean)[][] {
  const out: (string | number | boolean)[][] = [["documentKey", "contactName", "publishedOn", "isVat", "isVatInclusive", "reference", "item.name", "item.quantity", "item.unitName", "item.pricePerUnit", "grandTotal"]];
  for (let d = 0; d < docs; d++) {
    const price = 100 + (d % 50);
    for (let l = 1; l <= 5; l++) {
      const first = l === 1;
      out.push([`x${d}`, first ? `Customer x${d}` : "", first ? "2026-04-01" : "", first ? true : "", first ? false : "", first ? `REF-${d}` : "", `Item ${l}`, l, "pcs", price, first ? (15 * price * 107) / 100 : ""]);
    }
  }
  return out;
}
