// What `docsheet serve` and `npm start` print about a running local service: its roots, the token
// request and the demo companies' credentials, so a first run needs no README to connect.
import { DEMO_COMPANIES } from "../service/store/seed";

export function serviceBanner(url: string): string[] {
  return [
    `  Roots              ${url}/test and ${url}/v1 (use one as --base-url)`,
    `  Token              POST ${url}/test/token with a form body: grant_type=client_credentials, client_id, client_secret, scope=flowaccount-api`,
    `  Demo credentials   ${DEMO_COMPANIES.map((c) => `client id ${c.clientId}, secret ${c.clientSecret} (${c.nameEn})`).join("; ")}`,
  ];
}
