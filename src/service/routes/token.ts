// POST {root}/token: client credentials in a form body (service-facts §1.2). Wrong credentials
// answer HTTP 200 {"error":"invalid_client"} as the real service does. Guessing is bounded: after
// GRANT_FAILURES_PER_CLIENT wrong grants for a client id, or GRANT_FAILURES_PER_ADDRESS from one
// address, in a minute, grants there answer 429 with Retry-After. Behind a trusted relay the address
// is the one the relay saw (http/client-address.ts).
import * as z from "zod/mini";
import { MASTER_ROUTES } from "../../api/routes";
import type { Api, Ctx, ServiceContext } from "../http/context";
import { ServiceError } from "../envelope";
import { FailureLimiter } from "../auth/rate-limit";
import { mount } from "../http/mount";
import { clientAddressOf } from "../http/client-address";
import { NAME_MAX } from "../../rules/limits";
import { isStorableText } from "../../rules/schemas";

const TokenRequest = z.object({
  grant_type: z.literal("client_credentials"),
  client_id: z.string(),
  client_secret: z.string(),
  scope: z.optional(z.string()),
});

export const GRANT_FAILURES_PER_CLIENT = 10;
export const GRANT_FAILURES_PER_ADDRESS = 30;


export function registerTokenRoute(api: Api, ctx: ServiceContext): void {
  const perClient = new FailureLimiter(GRANT_FAILURES_PER_CLIENT);
  const perAddress = new FailureLimiter(GRANT_FAILURES_PER_ADDRESS);
  mount(api, MASTER_ROUTES.token, async (c) => {
    const type = c.req.header("content-type") ?? "";
    let form: Record<string, unknown> = {};
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      form = await c.req.parseBody();
    } else if (type.includes("application/json")) {
      // Lenient: some clients send JSON; the real service documents a form body.
      form = await c.req.json<Record<string, unknown>>().catch(() => ({}));
    }
    // Text no credential can be (NUL, unpaired surrogates, over NAME_MAX) is simply a wrong credential.
    const str = (v: unknown): string => (typeof v === "string" && v.length <= NAME_MAX && isStorableText(v) ? v : "");
    if (form.grant_type !== undefined && form.grant_type !== "client_credentials") {
      return c.json({ error: "unsupported_grant_type" }, 200);
    }
    const clientId = str(form.client_id);
    const address = clientAddressOf(c as Ctx, ctx.options.trustedRelays ?? []);
    const wait = Math.max(perClient.wait([clientId]), perAddress.wait([address]));
    if (wait > 0) throw new ServiceError(429, "Too Many Requests", 429, null, { "Retry-After": String(wait) });
    const grant = await ctx.tokens.grant(clientId, str(form.client_secret));
    if (!grant) {
      perClient.fail([clientId]);
      perAddress.fail([address]);
      return c.json({ error: "invalid_client" }, 200);
    }
    return c.json(grant, 200);
  }, { summary: "Access token (client credentials)", tags: ["Authentication"], body: TokenRequest, public: true });
}
