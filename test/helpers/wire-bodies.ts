// A document as the service answered it, put back by a test with changes (an edit made "elsewhere"):
// typed as the client's PUT takes it; the service checks it as it checks any request.
import type { JsonBody } from "../../src/api/types";
import type { UpdateDocumentBody } from "../../src/rules/schemas/bodies";

/** The service's own copy of a document (with a test's changes) as the PUT's body. */
export const asUpdate = (copy: JsonBody): UpdateDocumentBody => copy as UpdateDocumentBody;
