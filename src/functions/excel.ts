// DocSheet's worksheet functions as Excel registers them (namespace DOCSHEET, a shared runtime with
// the pane): each one calls its entry of table.ts through callFunction. The JSDoc below is what
// custom-functions-metadata-plugin reads at build into functions.json (names, parameters and the
// English descriptions, the table's own: test/functions/metadata.test.ts holds them equal; the
// Thai functions-th.json is made from the table). A cell's error is Excel's #VALUE! or #N/A with
// the message. Only Office knows this file; `docsheet calc` calls the entries directly.
/* global CustomFunctions, Office */
import type { ArgValue } from "./args";
import type { FunctionResult } from "./cells";
import { callInPane } from "./pane-call";
import { FunctionError, renderFunctionText } from "./texts";

// Outside Excel (a page opened in a browser) there is no CustomFunctions: the registrations the
// build appends to this file then do nothing.
const g = globalThis as { CustomFunctions?: unknown };
if (g.CustomFunctions === undefined) g.CustomFunctions = { associate: () => undefined };

const lang = (): "en" | "th" => (typeof Office !== "undefined" && /^th/i.test(Office.context?.displayLanguage ?? "") ? "th" : "en");

async function run(name: string, args: ArgValue[]): Promise<FunctionResult> {
  try {
    return await callInPane(name, args, lang());
  } catch (err) {
    if (!(err instanceof FunctionError)) throw err;
    const code = err.code === "#VALUE!" ? CustomFunctions.ErrorCode.invalidValue : CustomFunctions.ErrorCode.notAvailable;
    throw new CustomFunctions.Error(code, renderFunctionText(err.message_, lang()));
  }
}

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The documents of a type as a table, a header row first (as a pull lists them)
 * @customfunction DOCUMENTS
 * @param family Document type: tax invoices, receipts, quotations, ... (English or Thai)
 * @param [from] First day (a date, or a month such as 2026-11 or 11/2569)
 * @param [to] Last day (a date, or a month: its last day)
 * @param [status] Status; without it, void documents are left out
 * @param [contact] Contact's name or code
 * @returns The table.
 */
export async function documents(family: string, from?: any, to?: any, status?: string, contact?: string): Promise<any[][]> {
  return (await run("DOCUMENTS", [family, from, to, status, contact])) as any[][];
}

/**
 * The sum of subtotal, VAT, grand total or amount due of a type's documents
 * @customfunction TOTAL
 * @param family Document type: tax invoices, receipts, quotations, ... (English or Thai)
 * @param field subtotal, VAT, grand total or amount due
 * @param [from] First day (a date, or a month such as 2026-11 or 11/2569)
 * @param [to] Last day (a date, or a month: its last day)
 * @param [contact] Contact's name or code
 * @param [status] Status; without it, void documents are left out
 * @returns The sum.
 */
export async function total(family: string, field: string, from?: any, to?: any, contact?: string, status?: string): Promise<number> {
  return (await run("TOTAL", [family, field, from, to, contact, status])) as number;
}

/**
 * One field of one document, by its document number
 * @customfunction DOCUMENT
 * @param serial Document number, such as INV2026030001
 * @param field A field's name: status, grand total, due date, amount due, ...
 * @returns The field's value.
 */
export async function documentField(serial: string, field: string): Promise<any> {
  return run("DOCUMENT", [serial, field]);
}

/**
 * Output tax, input tax, payable or overpaid VAT of a month, as the VAT report has them
 * @customfunction VAT
 * @param month The tax month: 2026-11, 11/2569 or a date in it
 * @param [what] payable (when left out), overpaid, output tax, input tax, sales, purchases
 * @returns The figure.
 */
export async function vat(month: any, what?: string): Promise<number> {
  return (await run("VAT", [month, what])) as number;
}

/**
 * Tax withheld in a month, by form (PND3, PND53) or both, as the withholding tax report has it
 * @customfunction WHT
 * @param month The tax month: 2026-11, 11/2569 or a date in it
 * @param [form] PND3, PND53, or both when left out
 * @returns The tax withheld.
 */
export async function wht(month: any, form?: any): Promise<number> {
  return (await run("WHT", [month, form])) as number;
}

/**
 * What a customer still owes on invoices
 * @customfunction DUE
 * @param contact Customer's name or code
 * @param [as_of] The date to count from; today when left out
 * @returns The amount still due.
 */
export async function due(contact: string, as_of?: any): Promise<number> {
  return (await run("DUE", [contact, as_of])) as number;
}

/**
 * What customers owe, by customer and days past due: current, 1-30, 31-60, 61-90, over 90
 * @customfunction AGING
 * @param [as_of] The date to count from; today when left out
 * @returns The table.
 */
export async function aging(as_of?: any): Promise<any[][]> {
  return (await run("AGING", [as_of])) as any[][];
}

/**
 * The company's contacts as a table
 * @customfunction CONTACTS
 * @returns The table.
 */
export async function contacts(): Promise<any[][]> {
  return (await run("CONTACTS", [])) as any[][];
}

/**
 * The company's products and services as a table
 * @customfunction PRODUCTS
 * @returns The table.
 */
export async function products(): Promise<any[][]> {
  return (await run("PRODUCTS", [])) as any[][];
}

/**
 * The company's chart of accounts as a table
 * @customfunction ACCOUNTS
 * @returns The table.
 */
export async function accounts(): Promise<any[][]> {
  return (await run("ACCOUNTS", [])) as any[][];
}
