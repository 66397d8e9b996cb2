// The default layout (SPEC §2) of the public pages, inside the router.
import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoading } from "../components/page-loading";
import { PublicFrame } from "./public-frame";

export function DefaultLayout() {
  return (
    <PublicFrame>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </PublicFrame>
  );
}
