// The one type of a JSON object as the code handles it before a schema names its fields: a body
// on the wire, a document as stored, a service's answer.
export type Json = Record<string, unknown>;
