// Which API routes answer without a session: everything under /api is private unless listed here.

interface PublicRoute {
  method: string;
  /** Exact path, or a prefix when it ends with "/*". */
  path: string;
}

export const PUBLIC_API_ROUTES: readonly PublicRoute[] = [
  { method: "GET", path: "/api/health" },
  { method: "POST", path: "/api/login" },
  { method: "POST", path: "/api/login/signup" },
  { method: "GET", path: "/api/login/oauth/*" },
  { method: "POST", path: "/api/contact" },
  { method: "GET", path: "/api/shared/*" },
  { method: "POST", path: "/api/billing/webhook" },
  // Dev-only routes are not mounted at all in production builds.
  { method: "GET", path: "/api/dev/*" },
];

function matches(route: PublicRoute, method: string, path: string): boolean {
  const m = method === "HEAD" ? "GET" : method;
  if (route.method !== m) return false;
  if (route.path.endsWith("/*")) {
    const prefix = route.path.slice(0, -1);
    return path.startsWith(prefix) && path.length > prefix.length;
  }
  return path === route.path || path === `${route.path}/`;
}

export function isPublicApiRoute(method: string, path: string): boolean {
  return PUBLIC_API_ROUTES.some((route) => matches(route, method.toUpperCase(), path));
}
