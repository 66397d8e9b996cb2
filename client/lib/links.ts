// External addresses of SPEC §2 (community chat, documentation, support) set at build time, and the route
// rules.
import { externalLinksFrom } from "../../src/domain/external-links";
import { ROUTE_RULES, type RouteRules } from "../../src/domain/route-guard";

/** Each link exists only when configured, so no link leads nowhere (src/domain/external-links.ts). */
export const EXTERNAL_LINKS = externalLinksFrom(import.meta.env as Record<string, string | undefined>);

/** /community and /docs leave the app by a full page load when their address is configured. */
export const CLIENT_ROUTE_RULES: RouteRules = {
  ...ROUTE_RULES,
  ...(EXTERNAL_LINKS.community ? { "/community": EXTERNAL_LINKS.community } : {}),
  ...(EXTERNAL_LINKS.docs ? { "/docs": EXTERNAL_LINKS.docs } : {}),
};
