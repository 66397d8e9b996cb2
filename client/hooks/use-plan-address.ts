// The plan choice's address under the router (see lib/plan-address.ts for the light /pricing page).
import { useSearchParams } from "react-router";
import type { PlanAddress } from "../lib/plan-address";

export function useRouterAddress(): PlanAddress {
  const [params, setParams] = useSearchParams();
  return { params, replace: (next) => setParams(next, { replace: true, preventScrollReset: true }) };
}
