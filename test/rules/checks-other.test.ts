import {
  MESSAGES, PAYMENT_METHOD, checkAttachments, checkListQuery, checkPartialReceipt, checkPayment, extensionMatchesContent,
  extensionOf, type AttachmentFacts, type Finding,
} from "../../src/rules";

const pairs = (fs: Finding[]) => fs.filter((f) => f.severity === "error").map((f) => [f.path, f.message]);

describe("checkPayment (spec, Errors, rule table 3)", () => {
  const base = { paymentStructureType: "PaymentReceivingCash", documentId: 5, paymentDate: "2026-03-01", collected: 1070 };
  const { Cash, Cheque, Transfer, CreditCard, PettyCash, OtherChannel } = PAYMENT_METHOD;
  const M = MESSAGES;
  test.each<["sell" | "buy" | "expense", number, [string, string][]]>([
    ["sell", Cash, []],
    ["sell", Cheque, [["chequeBankAccountId", M.paymentChequeBankAccountId], ["chequeDate", M.paymentChequeDate]]],
    ["sell", Transfer, [["bankAccountId", M.paymentTransferBankAccountId]]],
    ["sell", CreditCard, []],
    ["sell", PettyCash, []],
    ["sell", OtherChannel, [["otherChannelId", M.paymentOtherChannelId]]],
    ["buy", Cash, []],
    ["buy", Cheque, [
      ["chequeBankAccountId", M.paymentChequeBankAccountId], ["chequeDate", M.paymentChequeDate],
      ["bankAccountId", M.paymentChequeBankAccountIdBuy], ["bankChequeId", M.paymentChequeBankChequeId],
    ]],
    ["buy", Transfer, [["bankAccountId", M.paymentTransferBankAccountId]]],
    ["buy", CreditCard, [["creditCardBankAccountId", M.paymentCreditCardBankAccountId], ["creditCardId", M.paymentCreditCardId]]],
    ["buy", PettyCash, [["pettyCashId", M.paymentPettyCashId]]],
    ["buy", OtherChannel, [["otherChannelId", M.paymentOtherChannelId]]],
    ["expense", PettyCash, [["pettyCashId", M.paymentPettyCashId]]],
    ["expense", CreditCard, [["creditCardBankAccountId", M.paymentCreditCardBankAccountId], ["creditCardId", M.paymentCreditCardId]]],
  ])("%s, method %d, nothing else given", (side, method, expected) => {
    expect(pairs(checkPayment({ ...base, paymentMethod: method }, side))).toEqual(expected);
  });

  test.each<["sell" | "buy", Record<string, unknown>]>([
    ["sell", { paymentMethod: Cheque, chequeBankAccountId: 4, chequeDate: "2026-03-05" }],
    ["buy", { paymentMethod: Cheque, chequeBankAccountId: 4, chequeDate: "2026-03-05", bankAccountId: 2, bankChequeId: 9 }],
    ["buy", { paymentMethod: Transfer, bankAccountId: "2" }],
    ["buy", { paymentMethod: CreditCard, creditCardBankAccountId: 3, creditCardId: 8 }],
    ["buy", { paymentMethod: PettyCash, pettyCashId: 1 }],
    ["sell", { paymentMethod: OtherChannel, otherChannelId: 6 }],
  ])("%s %p is complete", (side, fields) => {
    expect(checkPayment({ ...base, ...fields }, side)).toEqual([]);
  });

  test("an id of 0 or blank text counts as missing", () => {
    expect(pairs(checkPayment({ ...base, paymentMethod: Transfer, bankAccountId: 0 }, "sell"))).toEqual([["bankAccountId", M.paymentTransferBankAccountId]]);
    expect(pairs(checkPayment({ ...base, paymentMethod: Transfer, bankAccountId: " " }, "sell"))).toEqual([["bankAccountId", M.paymentTransferBankAccountId]]);
  });
  test("unknown method, withheld percentage and required fields", () => {
    expect(pairs(checkPayment({ ...base, paymentMethod: 2 }, "sell"))).toEqual([["paymentMethod", M.paymentMethodUnknown]]);
    expect(pairs(checkPayment({ ...base, paymentMethod: 1, withheldPercentage: 4 }, "sell"))).toEqual([["withheldPercentage", M.withheldPercentage]]);
    expect(pairs(checkPayment({ ...base, paymentMethod: 1, withheldPercentage: -1, withheldAmount: 30 }, "sell"))).toEqual([]);
    expect(pairs(checkPayment({}, "sell"))).toEqual([
      ["paymentMethod", "paymentMethod is required"], ["paymentDate", "paymentDate is required"], ["collected", "collected is required"],
    ]);
    expect(pairs(checkPayment("cash", "sell"))).toEqual([["", M.bodyNotObject]]);
    expect(pairs(checkPayment({ ...base, paymentMethod: 3, chequeBankAccountId: 1, chequeDate: "05/03/2026" }, "sell")))
      .toEqual([["chequeDate", "chequeDate must be a real date written YYYY-MM-DD"]]);
  });
});

describe("checkPartialReceipt (spec, Partial receipt)", () => {
  const create = {
    contactId: 10, isBatchDocument: true, partialPaymentMethod: 11, creditType: 3, grandTotal: 1500,
    items: [{ documentId: 101, documentType: 7, partialAmount: 1000 }, { documentId: 102, documentType: 7, partialAmount: 500 }],
  };
  const update = {
    ...create, documentStructureType: "UpdateSimpleDocument", documentReference: [], grandTotal: 400, publishedOn: "2026-03-02",
    items: [{ documentId: 101, documentType: 7, partialAmount: 400 }],
  };
  test("clean bodies (publishedOn optional on create)", () => {
    expect(checkPartialReceipt(create, "create")).toEqual([]);
    expect(checkPartialReceipt(update, "update")).toEqual([]);
    expect(checkPartialReceipt({ ...update, documentReference: null }, "update")).toEqual([]);
  });
  test.each<[string, "create" | "update", Record<string, unknown>, [string, string][]]>([
    ["isBatchDocument", "create", { isBatchDocument: false }, [["isBatchDocument", MESSAGES.partialBatch]]],
    ["partialPaymentMethod", "create", { partialPaymentMethod: 1 }, [["partialPaymentMethod", MESSAGES.partialMethod]]],
    ["creditType", "create", { creditType: 1 }, [["creditType", MESSAGES.partialCreditType]]],
    ["grandTotal is the sum of partialAmount", "create", { grandTotal: 1499.99 }, [["grandTotal", "grandTotal is 1,499.99 but the sum of partialAmount is 1,500.00"]]],
    ["documentId", "create", { items: [{ documentId: 0, documentType: 7, partialAmount: 1500 }] }, [["items.0.documentId", MESSAGES.partialDocumentId]]],
    ["documentType", "create", { items: [{ documentId: 1, documentType: 9, partialAmount: 1500 }] }, [["items.0.documentType", MESSAGES.partialDocumentType]]],
    ["partialAmount", "create", { grandTotal: 0, items: [{ documentId: 1, documentType: 7, partialAmount: 0 }] }, [["items.0.partialAmount", MESSAGES.partialAmountPositive]]],
    ["missing partialAmount", "create", { items: [{ documentId: 1, documentType: 7 }] }, [["items.0.partialAmount", MESSAGES.partialAmountPositive]]],
    ["contactId below 0", "create", { contactId: -2 }, [["contactId", MESSAGES.contactIdNegative]]],
    ["update grandTotal equals partialAmount", "update", { grandTotal: 500 }, [["grandTotal", "grandTotal is 500.00 but partialAmount is 400.00"]]],
    ["update needs contactId", "update", { contactId: undefined }, [["contactId", MESSAGES.partialUpdateContactId]]],
    ["update needs UpdateSimpleDocument", "update", { documentStructureType: "SimpleDocument" }, [["documentStructureType", MESSAGES.updateSimpleRequired]]],
    ["update with references", "update", { documentReference: [{ recordId: 1 }] }, [["documentReference", MESSAGES.partialUpdateReference]]],
  ])("%s", (_name, operation, over, expected) => {
    const body = { ...(operation === "create" ? create : update), ...over };
    expect(pairs(checkPartialReceipt(body, operation))).toEqual(expected);
  });
  test("no lines, bad types, not an object", () => {
    expect(pairs(checkPartialReceipt({ ...create, items: [] }, "create"))).toEqual([["items", MESSAGES.itemsRequired]]);
    expect(pairs(checkPartialReceipt({ ...create, publishedOn: "2026-13-01" }, "create"))).toEqual([["publishedOn", "publishedOn must be a real date written YYYY-MM-DD"]]);
    expect(pairs(checkPartialReceipt(42, "create"))).toEqual([["", MESSAGES.bodyNotObject]]);
  });
});

describe("checkListQuery (spec, List query parameters and Limits)", () => {
  test.each<[Record<string, string | undefined>, [string, string][]]>([
    [{}, []],
    [{ currentPage: "3", pageSize: "200", range: "7", searchString: "Siam" }, []],
    [{ pageSize: "201" }, [["pageSize", MESSAGES.pageSizeMax]]],
    [{ pageSize: "1000" }, [["pageSize", "pageSize must not exceed 200"]]],
    [{ pageSize: "0" }, [["pageSize", MESSAGES.pageSizeMin]]],
    [{ pageSize: "ten" }, [["pageSize", "pageSize must be a whole number"]]],
    [{ currentPage: "0" }, [["currentPage", MESSAGES.currentPageMin]]],
    [{ range: "2" }, [["range", MESSAGES.rangeValue]]],
    [{ range: "5" }, [["startDate", MESSAGES.dateRangeNeedsDates]]],
    [{ range: "5", startDate: "2026-01-01" }, [["endDate", MESSAGES.dateRangeNeedsDates]]],
    [{ range: "5", startDate: "2026-02-01", endDate: "2026-01-01" }, [["startDate", MESSAGES.dateRangeOrder]]],
    [{ range: "5", startDate: "2026-01-01", endDate: "2026-01-31" }, []],
    [{ startDate: "2026-02-30" }, [["startDate", "startDate must be a real date written YYYY-MM-DD"]]],
    [{ pageSize: undefined }, []],
  ])("%p", (query, expected) => {
    expect(pairs(checkListQuery(query))).toEqual(expected);
  });
  test.each<[string, string[]]>([["0", []], ["1", []], ["3", []], ["5", ["startDate"]], ["7", []], ["9", []], ["15", []], ["11", ["range"]]])(
    "range %s", (range, paths) => {
      expect(checkListQuery({ range }).map((f) => f.path)).toEqual(paths);
    },
  );
});

describe("checkAttachments (spec, Base64 attachment and Limits)", () => {
  const file = (over: Partial<AttachmentFacts> = {}): AttachmentFacts => ({ fileName: "scan.pdf", sizeBytes: 1000, detectedExtension: "pdf", ...over });
  test.each<[string, Partial<AttachmentFacts>, [string, string][]]>([
    ["pdf", {}, []],
    ["jpeg name, jpg content", { fileName: "photo.JPEG", detectedExtension: "jpg" }, []],
    ["jpg name, jpeg content", { fileName: "photo.jpg", detectedExtension: "jpeg" }, []],
    ["png", { fileName: "a.png", detectedExtension: "png" }, []],
    ["bmp", { fileName: "a.bmp", detectedExtension: "bmp" }, []],
    ["docx detected as docx", { fileName: "a.docx", detectedExtension: "docx" }, []],
    ["xlsx detected as zip", { fileName: "a.xlsx", detectedExtension: "zip" }, []],
    ["pptx detected as zip", { fileName: "a.pptx", detectedExtension: "zip" }, []],
    ["doc detected as OLE", { fileName: "a.doc", detectedExtension: "cfb" }, []],
    ["xls detected as xls", { fileName: "a.xls", detectedExtension: "xls" }, []],
    ["ppt detected as OLE", { fileName: "a.ppt", detectedExtension: "cfb" }, []],
    ["fileType as MIME", { fileType: "application/pdf" }, []],
    ["fileType as extension", { fileType: ".PDF" }, []],
    ["pdf named png", { fileName: "a.png" }, [["0.base64Data", MESSAGES.attachmentExtensionMismatch]]],
    ["docx named xlsx", { fileName: "a.xlsx", detectedExtension: "docx" }, [["0.base64Data", MESSAGES.attachmentExtensionMismatch]]],
    ["zip named pdf", { detectedExtension: "zip" }, [["0.base64Data", MESSAGES.attachmentExtensionMismatch]]],
    ["OLE named docx", { fileName: "a.docx", detectedExtension: "cfb" }, [["0.base64Data", MESSAGES.attachmentExtensionMismatch]]],
    ["unknown content", { detectedExtension: null }, [["0.base64Data", MESSAGES.attachmentExtensionMismatch]]],
    ["not an allowed type", { fileName: "run.exe", detectedExtension: "exe" }, [["0.fileName", "The file type of run.exe is not allowed; allowed types: .jpg, .jpeg, .png, .bmp, .doc, .docx, .xls, .xlsx, .ppt, .pptx, .pdf"]]],
    ["no extension", { fileName: "scan" }, [["0.fileName", MESSAGES.attachmentFileNameRequired]]],
    ["fileType disagrees", { fileType: "image/png" }, [["0.fileType", "fileType image/png does not match the file extension in fileName"]]],
    ["empty data", { sizeBytes: 0 }, [["0.base64Data", MESSAGES.attachmentEmpty]]],
  ])("%s", (_name, over, expected) => {
    expect(pairs(checkAttachments([file(over)]))).toEqual(expected);
  });

  test("10 files and 10 MB in total per upload", () => {
    const MB = 1024 * 1024;
    expect(checkAttachments(Array.from({ length: 10 }, () => file({ sizeBytes: MB })))).toEqual([]);
    expect(pairs(checkAttachments(Array.from({ length: 11 }, () => file({ sizeBytes: 10 }))))).toEqual([["", MESSAGES.attachmentTooMany]]);
    expect(pairs(checkAttachments([file({ sizeBytes: 6 * MB }), file({ sizeBytes: 4 * MB + 1 })]))).toEqual([["", MESSAGES.attachmentTooLarge]]);
    expect(pairs(checkAttachments([file({ sizeBytes: 10 * MB })]))).toEqual([]);
  });
  test("paths index the file", () => {
    expect(pairs(checkAttachments([file(), file({ fileName: "b.png" })]))).toEqual([["1.base64Data", MESSAGES.attachmentExtensionMismatch]]);
  });
  test("helpers", () => {
    expect(extensionOf("dir/Scan.Final.PDF")).toBe("pdf");
    expect(extensionOf(".hidden")).toBe("");
    expect(extensionMatchesContent("jpeg", "jpg")).toBe(true);
    expect(extensionMatchesContent("pdf", null)).toBe(false);
  });
});
