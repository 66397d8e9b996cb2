// The full app: query cache, router (locale prefix as basename), route guard, layouts and every page.
// The shared pieces first: the components' own styles, linked with them, come after and refine them.
import "./app.css";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
// Declarative routing: the data-router half of react-router would double its weight on first load.
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from "react-router";
import { APP_ROUTES, type Layout } from "../src/domain/app-routes";
import { localePrefix } from "../src/domain/locale-routing";
import { NavigateContext } from "./components/app-link";
import { ErrorBoundary } from "./components/error-boundary";
import { PageLoading } from "./components/page-loading";
import { RouteGuard } from "./components/route-guard";
import { useLocale } from "./i18n";
import { DefaultLayout } from "./layouts/default-layout";
import { AppWatchers } from "./pwa/app-watchers";
import NotFound from "./routes/not-found";
import { LAYOUTS, PAGES } from "./routes/pages";
import { NotificationHost } from "./state/notification-host";

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

const routesOf = (layout: Layout) =>
  APP_ROUTES.filter((route) => route.layout === layout).map((route) => {
    const Page = PAGES[route.page];
    return <Route key={route.path} path={route.path} element={<Page />} />;
  });

function Shell() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <NavigateContext value={navigate}>
      <ErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<PageLoading />}>
          <RouteGuard>
            <Routes>
              <Route element={<DefaultLayout />}>{routesOf("default")}</Route>
              <Route element={<LAYOUTS.connected />}>{routesOf("connected")}</Route>
              <Route element={<LAYOUTS.assistant />}>{routesOf("assistant")}</Route>
              <Route path="*" element={<NotFound />} />
            </Routes>
          </RouteGuard>
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
