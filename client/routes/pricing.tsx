// /pricing in the app: the page with the router's address and the cached session user.
import { useRouterAddress } from "../hooks/use-plan-address";
import { useSessionUser } from "../hooks/use-user";
import { PricingView } from "./pricing-view";

export default function Pricing() {
  const { data: user } = useSessionUser();
  return <PricingView user={user} address={useRouterAddress()} />;
}
