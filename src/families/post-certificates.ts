// Withholding tax certificates' posting (families/posting.ts): read and checked as `check`
// reads them (sheet/wht-sheet.ts), sent to /withholding-taxes, found again by the marker in their
// internalNotes among their payees' certificates (the list takes only a search text), raced as
// certificate-race.ts says.
import { statusText } from "../sheet/i18n/status";
import { readDocuments } from "../sheet/read";
import { checkCertificates, type BuiltCertificate } from "../sheet/wht-sheet";
import { certificateHolders, certificateRaces, certificateRecord } from "../jobs/certificate-race";
import type { Posting } from "./posting";
import { familySheet } from "./sheets";
import { WHT_FAMILY } from "../rules/codes";
import type { Json } from "../rules/json";

const payee = (body: Json): string => String(body.contactName ?? "");

export const CERTIFICATE_POSTING: Posting<BuiltCertificate> = {
  read: async (block, o) => readDocuments(block, { mapping: o.mapping, table: familySheet(WHT_FAMILY).fields }),
  check: (read, o) => {
    const { certificates } = checkCertificates(read, o);
    return {
      records: certificates.map((c) => ({ doc: c.doc, marker: o.markerOf(c.doc), body: c.built.body as unknown as Json, built: c.built, problems: c.errors })),
      findings: [...read.findings, ...certificates.flatMap((c) => c.built.findings)],
    };
  },
  makesContacts: false,
  send: async (client, p, { signal }) => certificateRecord(await client.withholdingTaxes.create(p.built.body, { signal })),
  byMarker: async (client, bodies, wanted, signal) => {
    const holders = await certificateHolders(client, bodies.map(payee), signal, wanted);
    return new Map([...holders].map(([m, list]) => [m, list[0]]));
  },
  races: (client) => certificateRaces(client),
  statusWord: (rec, lang) => statusText(String(rec?.statusString ?? "processed"), lang),
};
