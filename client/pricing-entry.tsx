// The first screen of a visit to "/pricing": the page without the router or the query cache, as the home
// page (home-entry.tsx). The session user is asked once (the boot script has already asked: lib/early.ts);
// the plan choice lives in the address as in the app; checkout calls the API from here; the first in-app
// link clicked loads the full app (see main.tsx).
import { useEffect, useState } from "react";
import { type Navigate, NavigateContext } from "./components/app-link";
import { PublicFrame } from "./layouts/public-frame";
import { useLightAddress } from "./lib/plan-address";
import { fetchSessionUser, type SessionUser } from "./lib/session-user";
import { PricingView } from "./routes/pricing-view";

function useLightSessionUser(): SessionUser | null | undefined {
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void fetchSessionUser().then((found) => {
      if (live) setUser(found);
    });
    return () => {
      live = false;
    };
  }, []);
  return user;
}

export function PricingEntry({ onNavigate }: { onNavigate: Navigate }) {
  const user = useLightSessionUser();
  const address = useLightAddress();
  return (
    <NavigateContext value={onNavigate}>
      <PublicFrame>
        <PricingView user={user} address={address} />
      </PublicFrame>
    </NavigateContext>
  );
}
