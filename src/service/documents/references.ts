// Upgrades (service-facts §3.5): the sources named in documentReference must be documents of the
// caller's company whose type and serial match; the new document is linked to each (reference
// kind 1, ImportDocument) and each source moves to its family's processed state.
import { FAMILY_INFO, REFERENCE_KIND, familyOfDocumentType, type Family } from "../../rules/codes";
import { finding, type Finding } from "../../rules/findings";
import { ruleMsg } from "../../rules/messages";
import { validationError } from "../envelope";
import type { Tx } from "../store/database";
import { addReference, findAnyDocument, updateDocument, type DocumentRow } from "./repository";
import type { Json } from "../../rules/json";

/** Source states an upgrade cannot start from. */
const CLOSED_STATES = new Set(["void", "rejected"]);

interface Reference {
  recordId: number;
  referenceDocumentSerial: string;
  referenceDocumentType: number;
}

/**
 * Locks and checks the sources of an upgrade (in id order, so concurrent upgrades of the same
 * sources cannot deadlock). Every problem of every reference is reported at once.
 */
export async function lockUpgradeSources(tx: Tx, companyId: number, family: Family, body: Json): Promise<DocumentRow[]> {
  const refs = ((body.documentReference ?? []) as Reference[]).map((r, i) => ({ ...r, at: `documentReference.${i}` }));
  const unique = [...new Map(refs.map((r) => [r.recordId, r])).values()].sort((a, b) => a.recordId - b.recordId);
  const allowed = FAMILY_INFO[family].upgradeFrom as readonly number[];
  const findings: Finding[] = [];
  const sources: DocumentRow[] = [];
  for (const ref of unique) {
    const source = await findAnyDocument(tx, companyId, ref.recordId, true);
    if (!source) {
      findings.push(finding(`${ref.at}.recordId`, ruleMsg("upgradeSourceNotFound", { recordId: ref.recordId })));
      continue;
    }
    if (source.documentType !== ref.referenceDocumentType || source.serial !== ref.referenceDocumentSerial) {
      findings.push(finding(ref.at, ruleMsg("upgradeSourceMismatch", {
        recordId: ref.recordId, type: source.documentType, serial: source.serial,
        givenType: ref.referenceDocumentType, givenSerial: ref.referenceDocumentSerial,
      })));
      continue;
    }
    if (!allowed.includes(source.documentType)) {
      findings.push(finding(`${ref.at}.referenceDocumentType`, ruleMsg("upgradeReferenceType", {
        given: source.documentType, family, allowed: allowed.join(", "),
      })));
      continue;
    }
    if (CLOSED_STATES.has(source.status)) {
      findings.push(finding(ref.at, ruleMsg("upgradeSourceState", { serial: source.serial, status: source.status })));
      continue;
    }
    sources.push(source);
  }
  if (findings.length > 0) throw validationError(findings);
  return sources;
}

/** Links the new document to its sources and moves each source to its processed state. */
export async function linkUpgrade(tx: Tx, companyId: number, sources: DocumentRow[], created: DocumentRow): Promise<void> {
  for (const source of sources) {
    await addReference(tx, companyId, source.id, created.id, REFERENCE_KIND.ImportDocument);
    const processed = FAMILY_INFO[familyOfDocumentType(source.documentType) as Family]?.processedStatus;
    if (processed && source.status !== processed) await updateDocument(tx, source.id, { status: processed });
  }
}
