// The fields every stored document answers with beside its body: identity and status, as the real
// service names them (service-facts §4.1). Shared by documents and withholding-tax certificates.
import { STATUS_NUMBER, type StatusWord } from "../../rules/codes";

export interface HeaderRow {
  id: number;
  serial: string;
  publishedOn: string;
  status: string;
}

export function answerHeader(row: HeaderRow, documentType: number): Record<string, unknown> {
  const status = row.status as StatusWord;
  return {
    recordId: row.id,
    documentId: row.id,
    documentSerial: row.serial,
    documentType,
    publishedOn: row.publishedOn,
    status: STATUS_NUMBER[status] ?? 0,
    statusString: status,
    allowDelete: status === "awaiting",
  };
}
