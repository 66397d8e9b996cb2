// /_control/…: not Stripe's API; lets tests and people see deliveries, fail payments, move time, reset.
import type { IncomingMessage, ServerResponse } from "node:http";
import { advanceClock, renew } from "./billing/lifecycle.ts";
import type { Ctx } from "./context.ts";
import { DECLINES } from "./errors.ts";
import { parseForm } from "./form.ts";
import type { Deliverer } from "./webhooks/delivery.ts";
import type { EventRecord } from "./webhooks/events.ts";

export interface ControlDeps {
  ctx: Ctx;
  deliverer: Deliverer;
  reset(): void;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body, null, 2));
}

function readBody(req: IncomingMessage, body: string): Record<string, unknown> {
  if (!body) return {};
  if (String(req.headers["content-type"] ?? "").includes("json")) {
    try {
      const parsed = JSON.parse(body);
      return parsed && typeof parsed === "object" ? parsed : {};
    } catch {
      return {};
    }
  }
  return parseForm(body);
}

export function summary(record: EventRecord) {
  const object = record.event.data.object as { id?: string; object?: string };
  return {
    id: record.event.id,
    type: record.event.type,
    created: record.event.created,
    seq: record.seq,
    object: object.object,
    object_id: object.id,
    request_id: record.event.request.id,
    deliveries: record.deliveries,
  };
}

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** Handles `/_control/*`; answers 404 (JSON) for unknown control paths. */
export async function handleControl(
  deps: ControlDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: string,
): Promise<void> {
  const { ctx, deliverer } = deps;
  const parts = url.pathname.split("/").filter(Boolean).slice(1);
  const input = readBody(req, body);
  const method = req.method ?? "GET";
  const shape =
    ["events", "subscriptions"].includes(parts[0] ?? "") && parts[1]
      ? [parts[0], ":id", ...parts.slice(2)]
      : parts;
  const key = `${method} ${shape.join("/")}`;
  switch (key) {
    case "GET events": {
      const type = url.searchParams.get("type");
      const records = ctx.events.list().filter((r) => !type || r.event.type === type);
      return json(res, 200, { data: records.map(summary) });
    }
    case "GET events/:id": {
      const record = ctx.events.records.get(parts[1] ?? "");
      return record
        ? json(res, 200, { ...summary(record), event: record.event })
        : json(res, 404, { error: "no such event" });
    }
    case "POST events/:id/replay": {
      const record = ctx.events.records.get(parts[1] ?? "");
      if (!record) return json(res, 404, { error: "no such event" });
      if (!deliverer.target) return json(res, 409, { error: "no webhook endpoint configured" });
      return json(res, 200, { id: record.event.id, deliveries: await deliverer.replay(record) });
    }
    case "POST fail-next-payment": {
      const who = str(input.customer) || str(input.email).toLowerCase();
      if (!who) return json(res, 400, { error: "customer (cus_…) or email is required" });
      if (who.startsWith("cus_") && !ctx.store.customers.has(who))
        return json(res, 404, { error: `no such customer: ${who}` });
      const code = str(input.decline_code) || "generic_decline";
      if (!DECLINES[code])
        return json(res, 400, { error: `decline_code must be one of ${Object.keys(DECLINES).join(", ")}` });
      const count = Math.max(1, Math.min(100, Number(str(input.count)) || 1));
      const queue = [...(ctx.store.failNext.get(who) ?? []), ...Array(count).fill(code)];
      ctx.store.failNext.set(who, queue);
      return json(res, 200, { customer: who, queued: queue });
    }
    case "GET clock":
      return json(res, 200, { now: ctx.store.now(), offset: ctx.store.clockOffset });
    case "POST clock/advance": {
      const seconds = Number(str(input.seconds)) || Number(str(input.days)) * 86_400 || 0;
      if (!(seconds > 0)) return json(res, 400, { error: "seconds or days (> 0) is required" });
      const result = advanceClock(ctx, Math.floor(seconds));
      return json(res, 200, { now: ctx.store.now(), offset: ctx.store.clockOffset, ...result });
    }
    case "POST subscriptions/:id/renew": {
      const sub = ctx.store.subscriptions.get(parts[1] ?? "");
      if (!sub) return json(res, 404, { error: "no such subscription" });
      try {
        const invoice = renew(ctx, sub);
        return json(res, 200, { subscription: sub, invoice });
      } catch (err) {
        return json(res, 400, { error: (err as Error).message });
      }
    }
    case "POST webhooks/flush":
      await deliverer.idle();
      return json(res, 200, { ok: true });
    case "POST webhooks": {
      const target = str(input.url);
      if (target) {
        try {
          new URL(target);
        } catch {
          return json(res, 400, { error: "url is not a valid URL" });
        }
      }
      const secret = str(input.secret) || deliverer.target?.secret || "";
      deliverer.target = target ? { ...deliverer.target, url: target, secret } : null;
      return json(res, 200, { url: deliverer.target?.url ?? null });
    }
    case "POST reset":
      deps.reset();
      return json(res, 200, { ok: true });
    case "GET state":
      return json(res, 200, {
        now: ctx.store.now(),
        customers: [...ctx.store.customers.values()].map((c) => ({
          id: c.id,
          email: c.email,
          balance: c.balance,
        })),
        subscriptions: [...ctx.store.subscriptions.values()].map((s) => ({
          id: s.id,
          customer: s.customer,
          status: s.status,
          cancel_at_period_end: s.cancel_at_period_end,
          items: s.items.data.map((i) => ({
            price: i.price.id,
            quantity: i.quantity,
            current_period_end: i.current_period_end,
          })),
        })),
        fail_next: Object.fromEntries(ctx.store.failNext),
        events: ctx.events.records.size,
      });
    default:
      return json(res, 404, { error: `unknown control endpoint: ${method} ${url.pathname}` });
  }
}
