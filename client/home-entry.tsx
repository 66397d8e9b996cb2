// The first screen of a visit to "/": the home page without the router or the query cache, so it loads
// fast. The first in-app link clicked loads the full app (see main.tsx).
import { type Navigate, NavigateContext } from "./components/app-link";
import { PublicFrame } from "./layouts/public-frame";
import Home from "./routes/home";

export function HomeEntry({ onNavigate }: { onNavigate: Navigate }) {
  return (
    <NavigateContext value={onNavigate}>
      <PublicFrame>
        <Home />
      </PublicFrame>
    </NavigateContext>
  );
}
