// Leaves for Stripe Checkout; on the way back the subscription page waits for the webhook. Without the
// query cache (nothing is cached), so that the light /pricing page can offer it too.
import { useState } from "react";
import type { PaidPlan } from "../../src/domain/billing";
import { api, readJson } from "../lib/api";

export interface CheckoutRequest {
  plan: PaidPlan;
  yearly: boolean;
  seats: number;
  promocode?: string;
  cancelPath?: string;
  successPath?: string;
}

type State = { status: "idle" | "pending" | "success" } | { status: "error"; error: unknown };

export function useCheckout() {
  const [state, setState] = useState<State>({ status: "idle" });
  const mutate = (body: CheckoutRequest) => {
    setState({ status: "pending" });
    readJson(api.api.billing.checkout.$post({ json: body })).then(
      ({ url }) => {
        setState({ status: "success" });
        window.location.assign(url);
      },
      (error: unknown) => setState({ status: "error", error }),
    );
  };
  return {
    mutate,
    isPending: state.status === "pending",
    isSuccess: state.status === "success",
    error: state.status === "error" ? state.error : null,
  };
}
