// Applies the route guard of src/domain/route-guard.ts to each location: it waits for the user only when
// the answer depends on it, redirects, leaves for external addresses, or shows the parameter 404.
import { type ReactNode, useDeferredValue, useEffect, useLayoutEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { forcedColorModeOf, matchAppRoute, normalizePath } from "../../src/domain/app-routes";
import { localePrefix } from "../../src/domain/locale-routing";
import { decideRoute, type GuardUser, needsUser } from "../../src/domain/route-guard";
import { useSessionUser } from "../hooks/use-user";
import { useLocale, useT } from "../i18n";
import { bootShellHoldsChat, removeBootShell } from "../lib/boot-shell";
import { CLIENT_ROUTE_RULES } from "../lib/links";
import { storedPricingQuery } from "../lib/pricing-selection";
import { forceColorMode } from "../lib/theme";
import { preloadRoute } from "../routes/pages";
import { ErrorScreen } from "./error-screen";
import { PageLoading } from "./page-loading";

function ParamNotFound({ path }: { path: string }) {
  const t = useT("errors");
  return <ErrorScreen status={404} message={t("paramNotFound", { path })} />;
}

export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const locale = useLocale();
  const path = normalizePath(location.pathname);
  const request = {
    path: location.pathname,
    search: location.search,
    hash: location.hash,
    localePrefix: localePrefix(locale),
    storedQuery: storedPricingQuery,
    rules: CLIENT_ROUTE_RULES,
  };
  // A public page, a route rule or a malformed parameter answers without asking who is signed in.
  const session = useSessionUser({ enabled: needsUser(request) });
  // Deferred: the user arrives through the query cache's store, whose updates React renders at once, in one
  // task. Without this, the answer that lets the screen show rendered all of it in a single blocking task
  // (~350 ms on a slow phone); deferred, the screen renders in slices the browser can interrupt.
  const user: GuardUser | null | undefined = useDeferredValue(session.data);
  const decision = decideRoute({ ...request, user });

  // Pages SPEC marks "light" force it; everything else follows the user's preference.
  useLayoutEffect(() => forceColorMode(forcedColorModeOf(path)), [path]);
  // The first frame drawn by index.html stays until the page's own screen (or a redirect…) is committed.
  // An open chat's frame holds its messages: it waits for the app's own (client/chat/message-list.tsx).
  useLayoutEffect(() => {
    if (decision.kind === "render" && bootShellHoldsChat()) return;
    if (decision.kind !== "wait") removeBootShell();
  }, [decision.kind]);

  useEffect(() => {
    if (decision.kind === "external") window.location.assign(decision.url);
  }, [decision]);

  // Start downloading the page while the user is still being fetched.
  useEffect(() => {
    const match = matchAppRoute(path);
    if (match) preloadRoute(match.route);
  }, [path]);

  switch (decision.kind) {
    case "render":
      return children;
    case "redirect":
      return <Navigate to={decision.to} replace />;
    case "notFound":
      return <ParamNotFound path={path} />;
    default:
      return <PageLoading />;
  }
}
