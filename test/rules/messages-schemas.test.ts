import {
  Base64AttachmentBodySchema, BankAccountSchema, CompanyInfoSchema, ContactSchema, EmailSchema, ExportPdfSchema,
  InlineDocumentSchema, JournalEntrySchema, ListQuerySchema, MESSAGES, PaymentSchema, ProductSchema, ShareSchema,
  UpdateDocumentSchema, UpgradeDocumentSchema, UpgradeReferenceSchema, WithPaymentDocumentSchema, WithholdingTaxSchema,
  formatMessage, isIsoDate, normalizeAttachmentKeys,
} from "../../src/rules";

describe("MESSAGES: the spec's Errors section to the letter", () => {
  test.each<[keyof typeof MESSAGES, string]>([
    ["pageSizeMax", "pageSize must not exceed 200"],
    ["validationFailed", "One or more validation errors occurred."],
    ["attachmentExtensionMismatch", "The file extension in fileName does not match the actual file type detected from Base64Data."],
    ["contactIdNegative", "ContactId cannot be less than 0"],
    ["contactIdNotFound", "ContactId not found"],
    ["contactMismatch", "ContactId, ContactName and ContactCode is mismatch"],
    ["contactOtherCompany", "ContactId does not belong to the current company"],
    ["contactInvalid", "Contact is invalid"],
    ["totalAfterDiscountLessThanVat", "totalAfterDiscount cannot be less than vatAmount"],
    ["vatCombination", "isVatInclusive, isVat and vatAmount doesn't match"],
    ["paymentChequeBankAccountId", "PaymentMethod Cheque requires ChequeBankAccountId"],
    ["paymentChequeDate", "PaymentMethod Cheque requires ChequeDate"],
    ["paymentChequeBankAccountIdBuy", "PaymentMethod Cheque requires bankAccountId"],
    ["paymentChequeBankChequeId", "PaymentMethod Cheque requires bankChequeId"],
    ["paymentTransferBankAccountId", "PaymentMethod Transfer requires bankAccountId"],
    ["paymentCreditCardBankAccountId", "PaymentMethod CreditCard requires creditCardBankAccountId"],
    ["paymentCreditCardId", "PaymentMethod CreditCard requires creditCardId"],
    ["paymentPettyCashId", "PaymentMethod PettyCash requires pettyCashId"],
    ["paymentOtherChannelId", "PaymentMethod OtherChannel requires otherChannelId"],
    ["itemDescription", "Item requires Description"],
    ["itemCreditId", "Item requires CreditId"],
    ["itemDebitId", "Item requires DebitId"],
    ["itemSystemCode", "Item requires SystemCode"],
    ["itemCategoryId", "Item requires CategoryId"],
    ["receiptObsoleted", "Create Receipt API is obsoleted, please follow the Upgrade Receipt procedure"],
  ])("%s", (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });
  test("every message is non-empty text; templates are filled", () => {
    for (const text of Object.values(MESSAGES)) expect(typeof text === "string" && text.length > 0).toBe(true);
    expect(formatMessage(MESSAGES.arithmeticDocument, { field: "grandTotal", given: "1,070.01", expected: "1,070.00" }))
      .toBe("grandTotal is 1,070.01 but the lines give 1,070.00");
    expect(formatMessage("{a} {b}", { a: 1 })).toBe("1 {b}");
  });
});

describe("schemas", () => {
  test("real calendar dates only", () => {
    expect(["2024-02-29", "2026-12-31", "2000-02-29"].every(isIsoDate)).toBe(true);
    expect(["2026-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-1-01", "26-01-01", "2026-01-01T00:00:00"].some(isIsoDate)).toBe(false);
  });

  test("documents keep unknown keys and turn numeric text into numbers", () => {
    const parsed = InlineDocumentSchema.parse({
      publishedOn: "2026-03-01", totalAfterDiscount: "100", grandTotal: 107, custom: "kept", isVat: "TRUE",
      items: [{ quantity: "1", pricePerUnit: "100", vatRate: "7", extra: 1 }],
    });
    expect(parsed).toMatchObject({ totalAfterDiscount: 100, custom: "kept", isVat: true, items: [{ quantity: 1, vatRate: 7, extra: 1 }] });
  });

  test("update, upgrade and with-payment bodies", () => {
    const doc = { publishedOn: "2026-03-01", totalAfterDiscount: 100, grandTotal: 100, items: [{ quantity: 1, pricePerUnit: 100 }] };
    expect(UpdateDocumentSchema.safeParse({ ...doc, documentStructureType: "UpdateSimpleDocument", companyName: "Demo" }).success).toBe(true);
    expect(UpdateDocumentSchema.safeParse({ ...doc, documentStructureType: "Other" }).success).toBe(false);
    expect(UpgradeDocumentSchema.safeParse({ ...doc, documentReference: [{ recordId: 1, referenceDocumentSerial: "QT1", referenceDocumentType: 3 }] }).success).toBe(true);
    expect(UpgradeReferenceSchema.safeParse({ recordId: 0, referenceDocumentSerial: "QT1", referenceDocumentType: 3 }).success).toBe(false);
    expect(WithPaymentDocumentSchema.safeParse({ ...doc, paymentMethod: 1, paymentDate: "2026-03-01", collected: 100, documentPaymentStructureType: "SimpleDocumentWithPaymentReceivingCash" }).success).toBe(true);
    expect(PaymentSchema.safeParse({ paymentMethod: "5", paymentDate: "2026-03-01", collected: "100.50", bankAccountId: 3 }).data).toMatchObject({ paymentMethod: 5, collected: 100.5 });
  });

  test("list query defaults and limits", () => {
    expect(ListQuerySchema.parse({})).toEqual({ currentPage: 1, pageSize: 20 });
    expect(ListQuerySchema.parse({ pageSize: "200", range: "15" })).toMatchObject({ pageSize: 200, range: 15 });
    expect(ListQuerySchema.safeParse({ pageSize: "201" }).error?.issues[0].message).toBe("pageSize must not exceed 200");
  });

  test("attachment keys in any letter case; one file or up to 10", () => {
    expect(normalizeAttachmentKeys({ FILENAME: "a.pdf", Base64Data: "QQ==", filetype: "pdf", other: 1 }))
      .toEqual({ fileName: "a.pdf", base64Data: "QQ==", fileType: "pdf", other: 1 });
    expect(normalizeAttachmentKeys({ base64data: "x", base64Data: "y" })).toEqual({ base64Data: "y" });
    expect(normalizeAttachmentKeys([{ FileName: "a" }])).toEqual([{ fileName: "a" }]);
    expect(normalizeAttachmentKeys("x")).toBe("x");
    expect(Base64AttachmentBodySchema.safeParse({ FileName: "a.pdf", BASE64DATA: "QQ==" }).success).toBe(true);
    const eleven = Array.from({ length: 11 }, () => ({ fileName: "a.pdf", base64Data: "QQ==" }));
    expect(Base64AttachmentBodySchema.safeParse(eleven.slice(0, 10)).success).toBe(true);
    expect(Base64AttachmentBodySchema.safeParse(eleven).success).toBe(false);
    expect(Base64AttachmentBodySchema.safeParse({ fileName: "a.pdf" }).success).toBe(false);
  });

  test("e-mail, share and PDF export", () => {
    const email = { documentId: 1, fromemail: "me@demo.co.th", toemail: "a@x.com, b@y.com", subject: "Invoice" };
    expect(EmailSchema.safeParse({ ...email, cCMyself: true, ccEmail: "", doCopy: false, culture: "en" }).success).toBe(true);
    expect(EmailSchema.safeParse({ ...email, toemail: "not-an-address" }).success).toBe(false);
    expect(EmailSchema.safeParse({ ...email, subject: "" }).success).toBe(false);
    expect(ShareSchema.parse({ documentId: "7" })).toEqual({ documentId: 7, culture: "th" });
    expect(ShareSchema.safeParse({ documentId: 7, culture: "fr" }).success).toBe(false);
    expect(ExportPdfSchema.safeParse({}).success).toBe(true);
    expect(ExportPdfSchema.safeParse({ culture: "th", document: { original: true, copy: true }, receipt: { original: true } }).success).toBe(true);
    expect(ExportPdfSchema.safeParse({ document: "all" }).success).toBe(false);
  });

  test("master data", () => {
    expect(ContactSchema.safeParse({ contactGroup: 3, contactType: 3, contactName: "A", conatactShippingAddress: "x" }).success).toBe(true);
    expect(ContactSchema.safeParse({ contactGroup: 3, contactType: 4, contactName: "A" }).success).toBe(false);
    expect(ProductSchema.safeParse({ type: 1, name: "Service", sellPrice: "100", sellVatType: 3 }).success).toBe(true);
    expect(ProductSchema.safeParse({ type: 2, name: "x" }).success).toBe(false);
    expect(BankAccountSchema.safeParse({ bankAccountNumber: "123", bankAccountName: "Demo", bankAccountType: 1, bankBranch: "Silom", bankId: 1 }).success).toBe(true);
    expect(BankAccountSchema.safeParse({ bankAccountNumber: "123" }).success).toBe(false);
    expect(CompanyInfoSchema.safeParse({ compnayName: "Demo Co., Ltd." }).success).toBe(true);
    expect(CompanyInfoSchema.safeParse({ companyName: "Demo Co., Ltd." }).success).toBe(false);
    expect(WithholdingTaxSchema.safeParse({ contactName: "A", publishedOn: "2026-03-01", entity: 3, withholdingTaxItems: [{ incomeType: 3, taxRate: 3, taxAmount: 1000, withheld: 30 }] }).success).toBe(true);
    expect(JournalEntrySchema.safeParse({ documentType: 51, documentDate: "2026-03-01", bookOfAccounts: [
      { debitCredit: 1, chartOfAccountId: 11, value: 100 }, { debitCredit: 3, chartOfAccountId: 12, value: 100 }] }).success).toBe(true);
    expect(JournalEntrySchema.safeParse({ documentType: 50, documentDate: "2026-03-01", bookOfAccounts: [] }).success).toBe(false);
  });
});
