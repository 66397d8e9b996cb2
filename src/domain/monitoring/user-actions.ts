// User actions, grouped: interactions less than 100 ms apart are one action, and an action stays open for
// the requests it started (up to 10 s), so "clicked Send" covers the call it made (SPEC §9).
import { ACTION_GROUP_WAIT_MS, PENDING_REQUEST_WAIT_MS } from "./constants";
import type { TelemetryItem } from "./items";

interface OpenAction {
  name: string;
  route?: string;
  startedAt: number;
  lastAt: number;
  interactions: number;
  pending: number;
}

export class ActionGrouper {
  private open: OpenAction | null = null;

  constructor(private readonly now: () => number) {}

  /** An interaction (a click, a key press on a control): joins the open action or starts one. */
  interact(name: string, route?: string): TelemetryItem | null {
    const closed = this.poll();
    const now = this.now();
    if (this.open) {
      this.open.lastAt = now;
      this.open.interactions++;
    } else {
      this.open = {
        name,
        startedAt: now,
        lastAt: now,
        interactions: 1,
        pending: 0,
        ...(route ? { route } : {}),
      };
    }
    return closed;
  }

  /** A request started while an action is open belongs to it. */
  requestStarted(): void {
    if (this.open && this.now() < this.closeAt()) this.open.pending++;
  }

  requestEnded(): void {
    if (this.open && this.open.pending > 0) {
      this.open.pending--;
      this.open.lastAt = Math.max(this.open.lastAt, this.now());
    }
  }

  /** When the open action ends unless something joins it, or null. */
  closeAt(): number {
    if (!this.open) return Number.POSITIVE_INFINITY;
    return this.open.lastAt + (this.open.pending > 0 ? PENDING_REQUEST_WAIT_MS : ACTION_GROUP_WAIT_MS);
  }

  /** The finished action, once its wait is over. */
  poll(): TelemetryItem | null {
    const open = this.open;
    const end = this.closeAt();
    if (!open || this.now() < end) return null;
    this.open = null;
    return {
      type: "action",
      name: open.name,
      value: open.interactions,
      at: open.startedAt,
      duration: end - open.startedAt,
      ...(open.route ? { route: open.route } : {}),
    };
  }
}
