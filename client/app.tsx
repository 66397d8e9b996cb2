// The full app: query cache, router (locale prefix as basename), route guard, layouts and every page.
// The shared pieces first: the components' own styles, linked with them, come after and refine them.
import "./app.css";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
// Declarative routing: the data-router half of react-router would double its weight on first load.
import {
  BrowserRouter,
  matchRoutes,
  type RouteObject,
  useLocation,
  useNavigate,
  useRoutes,
} from "react-router";
import { APP_ROUTES, type Layout } from "../src/domain/app-routes";
import { localePrefix } from "../src/domain/locale-routing";
import { NavigateContext } from "./components/app-link";
import { ErrorBoundary } from "./components/error-boundary";
import { PageLoading } from "./components/page-loading";
import { RouteGuard } from "./components/route-guard";
import { useLocale } from "./i18n";
import { DefaultLayout } from "./layouts/default-layout";
import { useLostFocusToMain } from "./lib/use-lost-focus-to-main";
import { AppWatchers } from "./pwa/app-watchers";
import NotFound from "./routes/not-found";
import { LAYOUTS, PAGES } from "./routes/pages";
import { NotificationHost } from "./state/notification-host";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
    // Offline, a change fails at once and says so, the draft kept. Paused (the default), a message sent
    // looked like an answer being written forever, and was lost with the tab.
    mutations: { networkMode: "always" },
  },
});

const routesOf = (layout: Layout): RouteObject[] =>
  APP_ROUTES.filter((route) => route.layout === layout).map((route) => {
    const Page = PAGES[route.page];
    return { path: route.path, element: <Page /> };
  });

const ROUTES: RouteObject[] = [
  { element: <DefaultLayout />, children: routesOf("default") },
  { element: <LAYOUTS.connected />, children: routesOf("connected") },
  { element: <LAYOUTS.assistant />, children: routesOf("assistant") },
  { path: "*", element: <NotFound /> },
];

/**
 * The one branch of ROUTES a path takes (its layout with only its page), found once per path by React
 * Router's own matching. Given every route, it flattens and ranks them all on each render: ~25 ms a time
 * at a slow phone's speed, in a task that cannot yield, several times as the first screen comes in.
 */
const branches = new Map<string, RouteObject[]>();
function branchOf(pathname: string): RouteObject[] {
  const known = branches.get(pathname);
  if (known) return known;
  // A layout route (an element and its pages) and the page, or the catch-all alone.
  const [first, page] = (matchRoutes(ROUTES, pathname) ?? []).map((match) => match.route);
  const branch: RouteObject[] =
    first && page ? [{ element: first.element, children: [page] }] : first ? [first] : [];
  // Chat ids make paths many: the cache stays small.
  if (branches.size >= 50) branches.clear();
  branches.set(pathname, branch);
  return branch;
}

function Shell() {
  const navigate = useNavigate();
  const location = useLocation();
  const routes = useRoutes(branchOf(location.pathname));
  useLostFocusToMain();
  return (
    <NavigateContext value={navigate}>
      <ErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<PageLoading />}>
          <RouteGuard>{routes}</RouteGuard>
        </Suspense>
      </ErrorBoundary>
      {/* Their catalogues load on their own: the page never waits for them. */}
      <Suspense fallback={null}>
        <NotificationHost />
        <AppWatchers />
      </Suspense>
    </NavigateContext>
  );
}

export function App() {
  const locale = useLocale();
  return (
    <QueryClientProvider client={queryClient}>
      {/* A new locale means a new basename: the router starts afresh on the rewritten address. */}
      <BrowserRouter key={locale} basename={localePrefix(locale) || "/"}>
        <Shell />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
