// Small HTTP helpers for the service tests: a token per demo company, and calls that return the
// HTTP status, headers and parsed envelope.
import { startTestService, type StoreKind, type TestService, type TestServiceOptions } from "../helpers/service";
import { fileCompaniesIn, type FileCompanies, type SharedService } from "../helpers/shared-service";
import type { SimpleDocumentBody } from "../../src/rules/schemas/bodies";
export interface Answer<T = any> {
  http: number;
  headers: Headers;
  body: T;
}

export const DEMO = { id: "demo", secret: "demo-secret" } as const;
export const OTHER = { id: "other", secret: "other-secret" } as const;

export async function tokenFor(root: string, cred: { id: string; secret: string } = DEMO): Promise<string> {
  const r = await fetch(`${root}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "client_credentials", client_id: cred.id, client_secret: cred.secret, scope: "flowaccount-api" }),
  });
  const body = (await r.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`no token for ${cred.id}`);
  return body.access_token;
}

export interface Client {
  get(path: string): Promise<Answer>;
  post(path: string, body?: unknown): Promise<Answer>;
  put(path: string, body?: unknown): Promise<Answer>;
  del(path: string): Promise<Answer>;
  raw(path: string, init: RequestInit): Promise<Answer>;
}

export function client(root: string, token: string | undefined): Client {
  const raw = async (path: string, init: RequestInit): Promise<Answer> => {
    const headers = new Headers(init.headers);
    if (token) headers.set("authorization", `Bearer ${token}`);
    const r = await fetch(`${root}${path}`, { ...init, headers });
    const text = await r.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: tests that care look at the text
    }
    return { http: r.status, headers: r.headers, body };
  };
  const json = (method: string) => (path: string, body?: unknown) =>
    raw(path, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return {
    get: (path) => raw(path, { method: "GET" }),
    post: json("POST"),
    put: json("PUT"),
    del: (path) => raw(path, { method: "DELETE" }),
    raw,
  };
}

export async function clientFor(root: string, cred: { id: string; secret: string } = DEMO): Promise<Client> {
  return client(root, await tokenFor(root, cred));
}

/** A valid simple document body for any family (expenses get their line fields). */
export function simpleBody(overrides: Record<string, unknown> = {}, itemOverrides: Record<string, unknown> = {}): SimpleDocumentBody {
  return {
    contactName: "Acme Trading Co., Ltd.",
    publishedOn: "2026-11-10",
    creditDays: 30,
    isVat: true,
    isVatInclusive: false,
    vatAmount: 70,
    totalAfterDiscount: 1000,
    grandTotal: 1070,
    items: [{ name: "Consulting", description: "Consulting", quantity: 2, pricePerUnit: 500, unitName: "hour", ...itemOverrides }],
    ...overrides,
  };
}

export const EXPENSE_LINE = { description: "Taxi", systemCode: 1001, categoryId: 1, creditId: "21399", debitId: "53029" };

/** Checks an answer is the envelope of a validation error with this message among its errors. */
export function expectValidation(a: Answer, message: string): void {
  expect(a.http).toBe(400);
  expect(a.body.status).toBe(false);
  expect(a.body.code).toBe(207400);
  expect(a.body.data.validationErrors).toContain(message);
}

/** The jest worker's shared PostgreSQL service (test/helpers/shared-service.ts) with the file's
 * own copies of the demo companies, and a client for each: for a file about routes rather than
 * the store or the service's process, run on PostgreSQL (`oneStore("postgres")`). */
export function sharedServiceFor(store: StoreKind): { svc: SharedService; demo: Client; other: Client; companies: FileCompanies } {
  if (store !== "postgres") throw new Error(`the shared service runs on PostgreSQL, not ${store}`);
  const ctx = {} as { svc: SharedService; demo: Client; other: Client; companies: FileCompanies };
  beforeAll(async () => {
    const { service, ...companies } = await fileCompaniesIn();
    ctx.svc = service;
    ctx.companies = companies;
    ctx.demo = await clientFor(service.root, { id: companies.demo.clientId, secret: companies.demo.clientSecret });
    ctx.other = await clientFor(service.root, { id: companies.other.clientId, secret: companies.other.clientSecret });
  });
  return ctx;
}

/** One service per test file (per store), with a client for each demo company. */
export function serviceForFile(store: StoreKind, opts: TestServiceOptions = {}): { svc: TestService; demo: Client; other: Client } {
  const ctx = {} as { svc: TestService; demo: Client; other: Client };
  beforeAll(async () => {
    ctx.svc = await startTestService({ ...opts, store });
    ctx.demo = await clientFor(ctx.svc.root);
    ctx.other = await clientFor(ctx.svc.root, OTHER);
  });
  afterAll(async () => {
    await ctx.svc?.stop();
  });
  return ctx;
}
