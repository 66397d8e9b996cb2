// External addresses of SPEC §2 (community chat, documentation) set at build time, and the route rules.
import { ROUTE_RULES, type RouteRules } from "../../src/domain/route-guard";

const env = import.meta.env as Record<string, string | undefined>;

/** Each link exists only when configured, so no link leads nowhere. */
export const EXTERNAL_LINKS = {
  community: env.VITE_COMMUNITY_URL || null,
  docs: env.VITE_DOCS_URL || null,
};

/** /community and /docs leave the app by a full page load when their address is configured. */
export const CLIENT_ROUTE_RULES: RouteRules = {
  ...ROUTE_RULES,
  ...(EXTERNAL_LINKS.community ? { "/community": EXTERNAL_LINKS.community } : {}),
  ...(EXTERNAL_LINKS.docs ? { "/docs": EXTERNAL_LINKS.docs } : {}),
};
