// Plan and seat changes: which items change, and the per-second prorations they cause.
import { invalidRequest } from "../errors.ts";
import { newId } from "../ids.ts";
import type { Debit, Store } from "../state.ts";
import type { InvoiceLine, Price, Subscription } from "../wire.ts";
import { debitsBefore, periodLine, remainingTimeLine, unusedTimeLines } from "./lines.ts";
import { nextBoundary } from "./periods.ts";
import { intervalOf, type Period, periodOf } from "./subscriptions.ts";

export type ProrationBehavior = "create_prorations" | "always_invoice" | "none";

/** One `items[n]` entry of an update (or of `subscription_details[items]` in a preview). */
export interface ItemChange {
  id: string | null;
  price: Price | null;
  quantity: number | null;
  deleted: boolean;
  param: string;
}

export interface PlannedItem {
  id: string;
  price: Price;
  quantity: number;
  isNew: boolean;
}

export interface ChangePlan {
  at: number;
  items: PlannedItem[];
  /** Credits for unused time and charges for the remaining time (per second of the period). */
  prorations: InvoiceLine[];
  /** Whole-period charges when the billing interval changes (the period then restarts at `at`). */
  periodLines: InvoiceLine[];
  period: Period;
  resetsPeriod: boolean;
  /** Each item's debits once the credited time is taken out. */
  debits: Map<string, Debit[]>;
}

function resultingItems(sub: Subscription, changes: ItemChange[]): PlannedItem[] {
  const items: PlannedItem[] = sub.items.data.map((i) => ({
    id: i.id,
    price: i.price,
    quantity: i.quantity ?? 1,
    isNew: false,
  }));
  for (const change of changes) {
    if (change.id) {
      const index = items.findIndex((i) => i.id === change.id);
      if (index < 0) throw invalidRequest(`No such subscription item: '${change.id}'`, `${change.param}[id]`);
      const item = items[index] as PlannedItem;
      if (change.deleted) items.splice(index, 1);
      else
        items[index] = {
          ...item,
          price: change.price ?? item.price,
          quantity: change.quantity ?? item.quantity,
        };
      continue;
    }
    if (!change.price)
      throw invalidRequest(`Missing required param: ${change.param}[price].`, `${change.param}[price]`);
    items.push({ id: newId("si"), price: change.price, quantity: change.quantity ?? 1, isNew: true });
  }
  if (!items.length) {
    throw invalidRequest(
      "A subscription needs at least one item; cancel it instead of removing all items.",
      "items",
    );
  }
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.price.id)) {
      throw invalidRequest("Cannot add multiple subscription items with the same price.", "items");
    }
    seen.add(item.price.id);
    if (item.price.type !== "recurring") {
      throw invalidRequest(
        `The price ${item.price.id} is not recurring; subscriptions need recurring prices.`,
        "items",
      );
    }
    if (item.price.currency !== sub.currency) {
      throw invalidRequest(
        `The price ${item.price.id} is in ${item.price.currency}, not ${sub.currency}.`,
        "items",
      );
    }
    if (item.quantity < 1) throw invalidRequest("Quantity must be at least 1.", "items");
  }
  const [first, ...rest] = items.map((i) => JSON.stringify(intervalOf(i.price)));
  if (rest.some((r) => r !== first)) {
    throw invalidRequest("All prices on a subscription must have the same billing interval.", "items");
  }
  return items;
}

/**
 * Works out a change without touching the subscription (shared by updates and previews). `prorationDate`
 * defaults to now (kept inside the period: an early renewal may have started the period ahead of the clock).
 */
export function planChange(
  store: Store,
  sub: Subscription,
  changes: ItemChange[],
  behavior: ProrationBehavior,
  prorationDate?: number,
): ChangePlan {
  const current = periodOf(sub);
  if (prorationDate !== undefined && (prorationDate < current.start || prorationDate > current.end)) {
    throw invalidRequest(
      "proration_date must be within the subscription's current billing period.",
      "proration_date",
    );
  }
  const at = prorationDate ?? Math.min(Math.max(store.now(), current.start), current.end);
  const items = resultingItems(sub, changes);
  const before = sub.items.data[0];
  const after = intervalOf((items[0] as PlannedItem).price);
  const resetsPeriod = !!before && JSON.stringify(intervalOf(before.price)) !== JSON.stringify(after);
  const period = resetsPeriod
    ? { start: at, end: nextBoundary(at, after.interval, after.count, at) }
    : current;
  const prorations: InvoiceLine[] = [];
  const debits = new Map<string, Debit[]>();
  for (const old of sub.items.data) {
    const next = items.find((i) => i.id === old.id);
    const changed =
      !next || resetsPeriod || next.price.id !== old.price.id || next.quantity !== (old.quantity ?? 1);
    const itemDebits = store.debits.get(old.id) ?? [];
    if (!changed || behavior === "none") {
      debits.set(old.id, itemDebits);
      continue;
    }
    prorations.push(...unusedTimeLines(store, sub, old.id, itemDebits, at));
    debits.set(old.id, debitsBefore(itemDebits, at));
    if (next && !resetsPeriod) prorations.push(remainingTimeLine(store, sub, next, at, current));
  }
  for (const item of items.filter((i) => i.isNew)) {
    debits.set(item.id, []);
    if (!resetsPeriod && behavior !== "none")
      prorations.push(remainingTimeLine(store, sub, item, at, current));
  }
  const periodLines = resetsPeriod ? items.map((item) => periodLine(store, sub, item, period)) : [];
  return { at, items, prorations, periodLines, period, resetsPeriod, debits };
}
