// POST {root}/token: client credentials in a form body (service-facts §1.2). Wrong credentials
// answer HTTP 200 {"error":"invalid_client"} as the real service does.
import * as z from "zod/mini";
import { MASTER_ROUTES } from "../../api/routes";
import type { Api, ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { NAME_MAX } from "../../rules/limits";
import { isStorableText } from "../../rules/schemas";

const TokenRequest = z.object({
  grant_type: z.literal("client_credentials"),
  client_id: z.string(),
  client_secret: z.string(),
  scope: z.optional(z.string()),
});

export function registerTokenRoute(api: Api, ctx: ServiceContext): void {
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
    const grant = await ctx.tokens.grant(str(form.client_id), str(form.client_secret));
    if (!grant) return c.json({ error: "invalid_client" }, 200);
    return c.json(grant, 200);
  }, { summary: "Access token (client credentials)", tags: ["Authentication"], body: TokenRequest, public: true });
}
