// The client of the accounting service: one typed function per operation of the route table.
// Runs in the task pane and in Node alike: `fetch` is passed in, nothing else of the host is used.

import { defaultSleep, type Sleep } from "./backoff";
import { ApiError, AuthError, CancelledError, NotFoundError, UnsupportedOperationError } from "./errors";
import { createPacer, defaultRequestsPerMinute } from "./pacing";
import { iterateList, type IterateOptions } from "./paging";
import { DOCUMENT_ROUTES, ENVIRONMENTS, MASTER_ROUTES, type DocumentOperation, type EnvironmentName, type Route } from "./routes";
import { TokenCache } from "./token";
import { Transport, envelopeData, type FetchLike } from "./transport";
import type {
  Attachment, AttachmentFile, BankAccount, Base64File, ChartOfAccount, Company, Contact, DeleteResult, DocumentRecord,
  EmailResult, ExpenseCategory, ExportPdfOptions, JournalEntry, JsonBody, ListPage, ListQuery, PaymentChannel, Product,
  WithholdingTaxRecord,
} from "./types";
import type { Family } from "../rules/codes";
import type {
  ContactBody, InlineDocumentBody, JournalEntryBody, PartialReceiptBody, PartialReceiptUpdateBody, PaymentBody, ProductBody,
  SimpleDocumentBody, UpdateDocumentBody, UpgradeDocumentBody, UpgradeWithPaymentDocumentBody, WithholdingTaxBody,
  WithPaymentDocumentBody,
} from "../rules/schemas/bodies";

export interface ClientOptions {
  /** A service root such as ENVIRONMENTS.sandbox, or an environment name. */
  root: string;
  clientId: string;
  clientSecret: string;
  fetch?: FetchLike;
  /** Default "flowaccount-api". */
  scope?: string;
  /** Pacing; default 100 for production, 20 for the sandbox, unlimited for other roots. */
  requestsPerMinute?: number;
  /** Retries after a 429, a 5xx or a lost answer (the latter two on idempotent routes only). Default 4. */
  maxRetries?: number;
  /** Per request; default 60 s. */
  timeoutMs?: number;
  /** Receives one line per request and retry; never a secret. */
  logger?: (line: string) => void;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** For the backoff jitter; default Math.random. */
  random?: () => number;
}

/** Per-call options. */
export interface CallOpts {
  signal?: AbortSignal;
}

export type Id = number | string;

export interface DocumentApi {
  readonly family: Family;
  /** Whether the family has this operation (service-facts; routes.ts). */
  has(op: DocumentOperation): boolean;
  list(query?: ListQuery, o?: CallOpts): Promise<ListPage<DocumentRecord>>;
  /** Every page (pageSize 200), page 1 first, then the rest `concurrency` at a time, in order. */
  listAll(query?: ListQuery, o?: IterateOptions): AsyncGenerator<ListPage<DocumentRecord>, void, undefined>;
  get(id: Id, o?: CallOpts): Promise<DocumentRecord>;
  create(body: SimpleDocumentBody, o?: CallOpts): Promise<DocumentRecord>;
  createInline(body: InlineDocumentBody, o?: CallOpts): Promise<DocumentRecord>;
  createWithPayment(body: WithPaymentDocumentBody, o?: CallOpts): Promise<DocumentRecord>;
  createInlineWithPayment(body: WithPaymentDocumentBody, o?: CallOpts): Promise<DocumentRecord>;
  upgrade(body: UpgradeDocumentBody, o?: CallOpts): Promise<DocumentRecord>;
  upgradeInline(body: UpgradeDocumentBody, o?: CallOpts): Promise<DocumentRecord>;
  upgradeWithPayment(body: UpgradeWithPaymentDocumentBody, o?: CallOpts): Promise<DocumentRecord>;
  upgradeInlineWithPayment(body: UpgradeWithPaymentDocumentBody, o?: CallOpts): Promise<DocumentRecord>;
  /** POST /receipts in batch mode. */
  partialReceipt(body: PartialReceiptBody, o?: CallOpts): Promise<DocumentRecord>;
  /** PUT /receipts/{id} of a partial receipt. */
  updatePartialReceipt(id: Id, body: PartialReceiptUpdateBody, o?: CallOpts): Promise<DocumentRecord>;
  update(id: Id, body: UpdateDocumentBody, o?: CallOpts): Promise<DocumentRecord>;
  delete(id: Id, o?: CallOpts): Promise<DeleteResult>;
  setStatus(id: Id, statusId: string, o?: CallOpts): Promise<DocumentRecord>;
  pay(id: Id, body: PaymentBody, o?: CallOpts): Promise<DocumentRecord>;
  /** Multipart upload, field `file`. */
  attach(id: Id, file: AttachmentFile, o?: CallOpts): Promise<Attachment[]>;
  attachBase64(id: Id, files: Base64File[], o?: CallOpts): Promise<Attachment[]>;
  /** The PDF as a base64 string. */
  exportPdf(id: Id, options?: ExportPdfOptions, o?: CallOpts): Promise<string>;
  email(body: JsonBody, o?: CallOpts): Promise<EmailResult>;
  /** The link to view the document. */
  share(body: JsonBody, o?: CallOpts): Promise<string>;
}

/** The operations of a record kind: T as answered, B as sent. */
export interface CrudApi<T, B = JsonBody> {
  list(query?: ListQuery, o?: CallOpts): Promise<ListPage<T>>;
  listAll(query?: ListQuery, o?: IterateOptions): AsyncGenerator<ListPage<T>, void, undefined>;
  get(id: Id, o?: CallOpts): Promise<T>;
  create(body: B, o?: CallOpts): Promise<T>;
  update(id: Id, body: B, o?: CallOpts): Promise<T>;
  delete(id: Id, o?: CallOpts): Promise<DeleteResult>;
}

export interface DocSheetClient {
  readonly root: string;
  documents(family: Family): DocumentApi;
  contacts: CrudApi<Contact, ContactBody>;
  products: CrudApi<Product, ProductBody>;
  productMasters: {
    get(id: Id, o?: CallOpts): Promise<JsonBody>;
    create(body: JsonBody, o?: CallOpts): Promise<JsonBody>;
    update(id: Id, body: JsonBody, o?: CallOpts): Promise<JsonBody>;
  };
  company: { get(o?: CallOpts): Promise<Company>; update(body: JsonBody, o?: CallOpts): Promise<Company> };
  bankAccounts: {
    list(o?: CallOpts): Promise<BankAccount[]>;
    create(body: JsonBody, o?: CallOpts): Promise<BankAccount>;
    /** POST /bank-channel/bank-accounts (the newer path). */
    createChannel(body: JsonBody, o?: CallOpts): Promise<BankAccount>;
    cheques(o?: CallOpts): Promise<PaymentChannel[]>;
    creditCards(o?: CallOpts): Promise<PaymentChannel[]>;
    pettyCash(o?: CallOpts): Promise<PaymentChannel[]>;
    otherChannels(o?: CallOpts): Promise<PaymentChannel[]>;
  };
  expenseCategories: { business(o?: CallOpts): Promise<ExpenseCategory[]>; accounting(o?: CallOpts): Promise<ExpenseCategory[]> };
  withholdingTaxes: CrudApi<WithholdingTaxRecord, WithholdingTaxBody> & {
    setStatus(id: Id, statusId: string, o?: CallOpts): Promise<WithholdingTaxRecord>;
    /** The certificate as a PDF, base64. */
    exportPdf(id: Id, options?: ExportPdfOptions, o?: CallOpts): Promise<string>;
  };
  chartOfAccounts: { list(o?: CallOpts): Promise<ChartOfAccount[]> };
  journalEntries: {
    list(query?: ListQuery, o?: CallOpts): Promise<ListPage<JournalEntry>>;
    listAll(query?: ListQuery, o?: IterateOptions): AsyncGenerator<ListPage<JournalEntry>, void, undefined>;
    get(id: Id, o?: CallOpts): Promise<JournalEntry>;
    draft(body: JournalEntryBody, o?: CallOpts): Promise<JournalEntry>;
    approve(body: JournalEntryBody, o?: CallOpts): Promise<JournalEntry>;
  };
  /** Sandbox only (local service): the e-mails it has sent. */
  outbox(query?: ListQuery, o?: CallOpts): Promise<unknown>;
  /** Gets a token and reads the company; returns the company's name. */
  testConnection(o?: CallOpts): Promise<string>;
}

/** Resolves an environment name ("sandbox") or returns the custom root as given, without a trailing slash. */
export function resolveRoot(root: string): string {
  const named = (ENVIRONMENTS as Record<string, string>)[root as EnvironmentName];
  return (named ?? root).replace(/\/+$/, "");
}

/** A list answer of any shape the service uses: {total, currentPage, list}, or a bare array. */
export function toListPage<T>(data: unknown): ListPage<T> {
  if (Array.isArray(data)) return { total: data.length, currentPage: 1, list: data as T[] };
  const d = (data ?? {}) as Partial<ListPage<T>>;
  const list = Array.isArray(d.list) ? d.list : [];
  return {
    total: typeof d.total === "number" ? d.total : list.length,
    currentPage: typeof d.currentPage === "number" ? d.currentPage : 1,
    list,
  };
}

/** A bare array or the list of a list answer. */
function toArray<T>(data: unknown): T[] {
  return toListPage<T>(data).list;
}

/**
 * One record: the spec puts it in `data`, the real service in `data.list[0]` (service-facts §7.3).
 * A list wrapper with no entry means the record is not there.
 */
export function unwrapOne<T>(data: unknown, operation: string): T {
  if (data && typeof data === "object" && !Array.isArray(data)) {
    const d = data as Record<string, unknown>;
    const looksLikeRecord = "recordId" in d || "id" in d || "documentSerial" in d;
    if (Array.isArray(d.list) && !looksLikeRecord) {
      if (d.list.length === 0) throw new NotFoundError("not found", { operation, httpStatus: 200 });
      return d.list[0] as T;
    }
  }
  return data as T;
}

export function createClient(opts: ClientOptions): DocSheetClient {
  const root = resolveRoot(opts.root);
  const givenFetch = opts.fetch ?? (globalThis.fetch as FetchLike | undefined);
  if (typeof givenFetch !== "function") throw new Error("no fetch available: pass one in createClient({fetch})");
  // Browsers refuse fetch called with another `this`.
  const fetchFn: FetchLike = (input, init) => givenFetch.call(globalThis, input, init);
  const now = opts.now ?? Date.now;
  const sleep: Sleep = opts.sleep ?? defaultSleep;
  const rpm = opts.requestsPerMinute ?? defaultRequestsPerMinute(root);
  let tokens: TokenCache | undefined;
  const secrets = () => [opts.clientSecret, tokens?.current()];
  const transport = new Transport({
    root,
    fetch: fetchFn,
    pacer: createPacer({ limit: rpm, now, sleep }),
    maxRetries: opts.maxRetries ?? 4,
    timeoutMs: opts.timeoutMs ?? 60_000,
    logger: opts.logger,
    now,
    sleep,
    random: opts.random ?? Math.random,
    secrets,
  });
  tokens = new TokenCache(transport, { clientId: opts.clientId, clientSecret: opts.clientSecret, scope: opts.scope ?? "flowaccount-api" }, now);
  const tokenCache = tokens;

  /** Sends with the bearer token; a 401 drops the token and tries once more with a fresh one. */
  async function call(route: Route, operation: string, a: { params?: Record<string, Id>; query?: object; body?: unknown; signal?: AbortSignal } = {}): Promise<unknown> {
    if (a.signal?.aborted) throw new CancelledError(operation);
    const send = async (token: string) =>
      transport.send({ route, operation, params: a.params, query: a.query, body: a.body, signal: a.signal, token });
    let token = await tokenCache.get(a.signal);
    let answer;
    try {
      answer = await send(token);
    } catch (err) {
      if (!(err instanceof AuthError)) throw err;
      tokenCache.invalidate(token);
      token = await tokenCache.get(a.signal);
      answer = await send(token);
    }
    return envelopeData(answer, operation, secrets());
  }

  const listPages = <T>(route: Route, operation: string) => ({
    list: async (query: ListQuery = {}, o: CallOpts = {}) => toListPage<T>(await call(route, operation, { query, signal: o.signal })),
    listAll: (query: ListQuery = {}, o: IterateOptions = {}) =>
      iterateList<T>(
        async (page, pageSize, signal) =>
          toListPage<T>(await call(route, operation, { query: { ...query, currentPage: page, pageSize }, signal })),
        o,
      ),
  });

  const documentApis = new Map<Family, DocumentApi>();
  function documents(family: Family): DocumentApi {
    const existing = documentApis.get(family);
    if (existing) return existing;
    const routes = DOCUMENT_ROUTES[family];
    if (!routes) throw new ApiError(`unknown document family "${String(family)}"`, { operation: String(family) });
    const routeOf = (op: DocumentOperation): Route => {
      const r = routes[op];
      if (!r) throw new UnsupportedOperationError(`${family} have no ${op} operation`, { operation: `${family}.${op}` });
      return r;
    };
    /** An operation answering one document. */
    const one = (op: DocumentOperation, name: string = op) => async (a: { params?: Record<string, Id>; body?: unknown; signal?: AbortSignal }) => {
      const operation = `${family}.${name}`;
      return unwrapOne<DocumentRecord>(await call(routeOf(op), operation, a), operation);
    };
    const create = <B>(op: DocumentOperation) => (body: B, o: CallOpts = {}) => one(op)({ body, signal: o.signal });
    const listRoute = routes.list!;
    const api: DocumentApi = {
      family,
      has: (op) => routes[op] !== undefined,
      ...listPages<DocumentRecord>(listRoute, `${family}.list`),
      get: (id, o = {}) => one("get")({ params: { id }, signal: o.signal }),
      create: create("create"),
      createInline: create("createInline"),
      createWithPayment: create("createWithPayment"),
      createInlineWithPayment: create("createInlineWithPayment"),
      upgrade: create("upgrade"),
      upgradeInline: create("upgradeInline"),
      upgradeWithPayment: create("upgradeWithPayment"),
      upgradeInlineWithPayment: create("upgradeInlineWithPayment"),
      partialReceipt: create("partialReceipt"),
      updatePartialReceipt: (id, body, o = {}) => {
        if (!routes.partialReceipt) return Promise.reject(routeOfError(family, "updatePartialReceipt"));
        return one("update", "updatePartialReceipt")({ params: { id }, body, signal: o.signal });
      },
      update: (id, body, o = {}) => one("update")({ params: { id }, body, signal: o.signal }),
      delete: async (id, o = {}) => (await call(routeOf("delete"), `${family}.delete`, { params: { id }, signal: o.signal })) as DeleteResult,
      setStatus: (id, statusId, o = {}) => one("status", "setStatus")({ params: { id, statusId }, signal: o.signal }),
      pay: (id, body, o = {}) => one("payment", "pay")({ params: { id }, body, signal: o.signal }),
      attach: async (id, file, o = {}) =>
        toArray<Attachment>(await call(routeOf("attachment"), `${family}.attach`, { params: { id }, body: file, signal: o.signal })),
      attachBase64: async (id, files, o = {}) =>
        toArray<Attachment>(
          await call(routeOf("attachmentBase64"), `${family}.attachBase64`, {
            params: { id },
            // One file goes as an object (the real service's form), several as an array.
            body: files.length === 1 ? files[0] : files,
            signal: o.signal,
          }),
        ),
      exportPdf: async (id, options = {}, o = {}) => {
        const data = await call(routeOf("exportPdf"), `${family}.exportPdf`, { params: { id }, body: options, signal: o.signal });
        return pdfBase64Of(data, `${family}.exportPdf`);
      },
      email: async (body, o = {}) => (await call(routeOf("email"), `${family}.email`, { body, signal: o.signal })) as EmailResult,
      share: async (body, o = {}) => {
        const data = await call(routeOf("share"), `${family}.share`, { body, signal: o.signal });
        const link = typeof data === "string" ? data : (data as { link?: unknown } | null)?.link;
        if (typeof link !== "string") throw new ApiError("share answered without a link", { operation: `${family}.share` });
        return link;
      },
    };
    documentApis.set(family, api);
    return api;
  }

  const M = MASTER_ROUTES;
  const get1 = async <T>(route: Route, operation: string, params: Record<string, Id> | undefined, o: CallOpts = {}) =>
    unwrapOne<T>(await call(route, operation, { params, signal: o.signal }), operation);
  const send1 = async <T>(route: Route, operation: string, params: Record<string, Id> | undefined, body: unknown, o: CallOpts = {}) =>
    unwrapOne<T>(await call(route, operation, { params, body, signal: o.signal }), operation);
  const array = async <T>(route: Route, operation: string, o: CallOpts = {}) => toArray<T>(await call(route, operation, { signal: o.signal }));

  function crud<T, B = JsonBody>(name: string, r: { list: Route; create: Route; get: Route; update: Route; delete: Route }): CrudApi<T, B> {
    return {
      ...listPages<T>(r.list, `${name}.list`),
      get: (id, o) => get1<T>(r.get, `${name}.get`, { id }, o),
      create: (body, o) => send1<T>(r.create, `${name}.create`, undefined, body, o),
      update: (id, body, o) => send1<T>(r.update, `${name}.update`, { id }, body, o),
      delete: async (id, o = {}) => (await call(r.delete, `${name}.delete`, { params: { id }, signal: o.signal })) as DeleteResult,
    };
  }

  const company = {
    get: (o?: CallOpts) => get1<Company>(M.companyGet, "company.get", undefined, o),
    update: (body: JsonBody, o?: CallOpts) => send1<Company>(M.companyUpdate, "company.update", undefined, body, o),
  };

  return {
    root,
    documents,
    contacts: crud<Contact>("contacts", {
      list: M.contactsList, create: M.contactsCreate, get: M.contactsGet, update: M.contactsUpdate, delete: M.contactsDelete,
    }),
    products: crud<Product>("products", {
      list: M.productsList, create: M.productsCreate, get: M.productsGet, update: M.productsUpdate, delete: M.productsDelete,
    }),
    productMasters: {
      get: (id, o) => get1<JsonBody>(M.productMastersGet, "productMasters.get", { id }, o),
      create: (body, o) => send1<JsonBody>(M.productMastersCreate, "productMasters.create", undefined, body, o),
      update: (id, body, o) => send1<JsonBody>(M.productMastersUpdate, "productMasters.update", { id }, body, o),
    },
    company,
    bankAccounts: {
      list: (o) => array<BankAccount>(M.bankAccountsList, "bankAccounts.list", o),
      create: (body, o) => send1<BankAccount>(M.bankAccountsCreate, "bankAccounts.create", undefined, body, o),
      createChannel: (body, o) => send1<BankAccount>(M.bankChannelBankAccountsCreate, "bankAccounts.createChannel", undefined, body, o),
      cheques: (o) => array<PaymentChannel>(M.chequesList, "bankChannel.cheques", o),
      creditCards: (o) => array<PaymentChannel>(M.creditCardsList, "bankChannel.creditCards", o),
      pettyCash: (o) => array<PaymentChannel>(M.pettyCashList, "bankChannel.pettyCash", o),
      otherChannels: (o) => array<PaymentChannel>(M.otherChannelsList, "bankChannel.otherChannels", o),
    },
    expenseCategories: {
      business: (o) => array<ExpenseCategory>(M.expenseCategoriesBusiness, "expenseCategories.business", o),
      accounting: (o) => array<ExpenseCategory>(M.expenseCategoriesAccounting, "expenseCategories.accounting", o),
    },
    withholdingTaxes: {
      ...crud<WithholdingTaxRecord>("withholdingTaxes", {
        list: M.withholdingTaxesList, create: M.withholdingTaxesCreate, get: M.withholdingTaxesGet,
        update: M.withholdingTaxesUpdate, delete: M.withholdingTaxesDelete,
      }),
      setStatus: (id, statusId, o) => get1<WithholdingTaxRecord>(M.withholdingTaxesStatus, "withholdingTaxes.setStatus", { id, statusId }, o),
      exportPdf: async (id, options = {}, o = {}) =>
        pdfBase64Of(await call(M.withholdingTaxesExportPdf, "withholdingTaxes.exportPdf", { params: { id }, body: options, signal: o.signal }), "withholdingTaxes.exportPdf"),
    },
    chartOfAccounts: { list: (o) => array<ChartOfAccount>(M.chartOfAccounts, "chartOfAccounts.list", o) },
    journalEntries: {
      ...listPages<JournalEntry>(M.journalEntriesList, "journalEntries.list"),
      get: (id, o) => get1<JournalEntry>(M.journalEntriesGet, "journalEntries.get", { id }, o),
      draft: (body, o) => send1<JournalEntry>(M.journalEntriesDraft, "journalEntries.draft", undefined, body, o),
      approve: (body, o) => send1<JournalEntry>(M.journalEntriesApprove, "journalEntries.approve", undefined, body, o),
    },
    outbox: async (query = {}, o = {}) => call(M.outbox, "outbox", { query, signal: o.signal }),
    async testConnection(o = {}) {
      const info = await company.get(o);
      const name = info.compnayName ?? info.companyName ?? info.companyNameEn;
      if (typeof name !== "string") throw new ApiError("company information has no name", { operation: "testConnection" });
      return name;
    },
  };
}

function routeOfError(family: Family, op: string): UnsupportedOperationError {
  return new UnsupportedOperationError(`${family} have no ${op} operation`, { operation: `${family}.${op}` });
}

/** The export answers `data` as the base64 string (service-facts §3.9); accept `{base64}`-like wrappers too. */
function pdfBase64Of(data: unknown, operation: string): string {
  if (typeof data === "string") return data;
  if (data && typeof data === "object") {
    for (const v of Object.values(data as Record<string, unknown>)) if (typeof v === "string" && v.startsWith("JVBER")) return v;
  }
  throw new ApiError("PDF export answered without a PDF", { operation });
}

/** Base64 of bytes, with no Node Buffer (works in the task pane and in Node). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}
