// Size limits of what the service accepts. The spec shows none but unitName's 7 characters
// ("not shown" for the rest), so these are our choices: generous for real paperwork, small enough
// that no single request can hold the service (PDF layout, storage, memory). They are stated in
// the OpenAPI document and every refusal names the field and the limit.

/** Long free texts printed on documents (remarks, internal notes). */
export const LONG_TEXT_MAX = 5_000;
