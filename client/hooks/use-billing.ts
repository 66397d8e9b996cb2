// Billing: the subscription summary, the portal (leaves for Stripe), plan changes and their preview;
// checkout is in use-checkout.ts.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PaidPlan } from "../../src/domain/billing";
import { api, readJson } from "../lib/api";
import { userKeys } from "./use-user";

export const billingKeys = {
  all: ["billing"] as const,
  summary: () => [...billingKeys.all, "summary"] as const,
  preview: (change: PlanChoice) => [...billingKeys.all, "preview", change] as const,
};

export interface PlanChoice {
  plan: PaidPlan;
  yearly: boolean;
  seats: number;
}

export function useBillingSummary(options: { refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: billingKeys.summary(),
    queryFn: () => readJson(api.api.billing.subscription.$get()),
    refetchInterval: options.refetchInterval,
  });
}

/** Leaves for the Stripe Customer Portal (payment method, invoices, cancel). */
export function usePortal() {
  return useMutation({
    mutationFn: () => readJson(api.api.billing.portal.$post()),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** What a change would cost today; absent while nothing differs from the current plan. */
export function usePlanPreview(change: PlanChoice | null) {
  return useQuery({
    queryKey: billingKeys.preview(change ?? { plan: "starter", yearly: false, seats: 0 }),
    queryFn: () => {
      if (!change) throw new Error("nothing to preview");
      return readJson(api.api.billing.preview.$post({ json: change }));
    },
    enabled: change !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

export function useChangePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanChoice & { prorationDate?: number }) =>
      readJson(api.api.billing.change.$post({ json: body })),
    onSuccess: (summary) => {
      client.setQueryData(billingKeys.summary(), summary);
      void client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
