// A local server speaking Stripe's REST protocol (for the official SDK), with hosted Checkout/portal pages,
// signed webhooks delivered like Stripe's, and /_control endpoints. `node tests/stripe/server.ts` runs it.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { checkoutRoutes } from "./api/checkout.ts";
import { couponRoutes } from "./api/coupons.ts";
import { customerRoutes } from "./api/customers.ts";
import { eventRoutes } from "./api/events.ts";
import { invoiceRoutes } from "./api/invoices.ts";
import { portalRoutes } from "./api/portal.ts";
import { priceRoutes } from "./api/prices.ts";
import { productRoutes } from "./api/products.ts";
import { createApi } from "./api/router.ts";
import { subscriptionRoutes } from "./api/subscriptions.ts";
import { advanceClock, renew } from "./billing/lifecycle.ts";
import type { Ctx } from "./context.ts";
import { handleControl } from "./control.ts";
import { handlePage } from "./pages/routes.ts";
import { seed } from "./seed.ts";
import { Store } from "./state.ts";
import { DEV_DELIVERY, Deliverer, type DeliveryOptions } from "./webhooks/delivery.ts";
import { type DeliveryAttempt, EventLog, type EventRecord } from "./webhooks/events.ts";
import { API_VERSION } from "./wire.ts";

export { SEEDED_PROMOTION_CODES } from "./seed.ts";
export { DEV_DELIVERY, ORDERED_DELIVERY } from "./webhooks/delivery.ts";
export type { DeliveryAttempt, EventRecord } from "./webhooks/events.ts";
export { API_VERSION } from "./wire.ts";

export interface StripeServerOptions {
  /** 0 or unset picks a free port. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Base of the hosted pages' URLs when browsers reach the server elsewhere (default http://host:port). */
  publicUrl?: string;
  /** Where events are POSTed; without it events are only recorded. */
  webhookUrl?: string;
  /** `whsec_…`, the signing secret the receiver verifies with. */
  webhookSecret: string;
  /** Only these event types go to the webhook (`*`, `invoice.*`…); default all. */
  enabledEvents?: string[];
  /** Duplicates, reordering, delays and retries (default {@link DEV_DELIVERY}). */
  delivery?: DeliveryOptions;
  /** Accept only this secret key (default: any `sk_…`/`rk_…`). */
  apiKey?: string;
  /** Seed the promotion codes of SEEDED_PROMOTION_CODES (default true). */
  seed?: boolean;
  log?: (line: string) => void;
}

export interface StripeServer {
  /** http://host:port: the hosted pages and /_control live here; the API under /v1. */
  url: string;
  host: string;
  port: number;
  apiVersion: string;
  /** Every event so far (oldest first), with its delivery attempts. */
  events(): EventRecord[];
  /** Resolves once every scheduled webhook delivery (and retry) is done. */
  flushWebhooks(): Promise<void>;
  replayEvent(id: string): Promise<DeliveryAttempt[]>;
  /** Moves the simulated clock, running the renewals and cancellations that fall due. */
  advanceClock(seconds: number): { renewed: string[]; ended: string[] };
  /** The renewal due at the end of the current period, made now. */
  renewNow(subscriptionId: string): void;
  /** Declines the next payment(s) of a customer (id or e-mail). */
  failNextPayment(customerOrEmail: string, declineCode?: string, count?: number): void;
  setWebhook(url: string | null, secret?: string): void;
  /** Forgets everything (and pending deliveries), re-seeds, restarts the clock. */
  reset(): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export async function startStripeServer(options: StripeServerOptions): Promise<StripeServer> {
  const log = options.log ?? (() => {});
  const host = options.host ?? "127.0.0.1";
  const store = new Store();
  const deliverer = new Deliverer(
    options.delivery ?? DEV_DELIVERY,
    options.webhookUrl
      ? { url: options.webhookUrl, secret: options.webhookSecret, enabledEvents: options.enabledEvents }
      : null,
    log,
  );
  const events = new EventLog(deliverer, () => store.now());
  const ctx: Ctx = { store, events, base: "" };
  const reset = () => {
    deliverer.cancelAll();
    store.reset();
    events.reset();
    if (options.seed !== false) seed(store);
  };
  reset();
  const api = createApi(
    ctx,
    [
      ...customerRoutes,
      ...productRoutes,
      ...priceRoutes,
      ...couponRoutes,
      ...checkoutRoutes,
      ...portalRoutes,
      ...subscriptionRoutes,
      ...invoiceRoutes,
      ...eventRoutes,
    ],
    { apiKey: options.apiKey, log },
  );

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://local.stripe");
    const body = await readBody(req);
    if (url.pathname.startsWith("/v1/")) return api(req, res, url, body);
    if (url.pathname.startsWith("/_control"))
      return handleControl({ ctx, deliverer, reset }, req, res, url, body);
    if (handlePage(ctx, req, res, url, body)) return;
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("Not found. The Stripe API is under /v1, control under /_control.");
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      log(`stripe: ${req.method} ${req.url} failed: ${(err as Error).stack}`);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { type: "api_error", message: String(err) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  ctx.base = options.publicUrl?.replace(/\/$/, "") ?? `http://${host}:${port}`;

  return {
    url: `http://${host}:${port}`,
    host,
    port,
    apiVersion: API_VERSION,
    events: () => events.list(),
    flushWebhooks: () => deliverer.idle(),
    replayEvent: async (id) => {
      const record = events.records.get(id);
      if (!record) throw new Error(`no such event: ${id}`);
      return deliverer.replay(record);
    },
    advanceClock: (seconds) => advanceClock(ctx, seconds),
    renewNow: (id) => {
      renew(ctx, store.subscription(id));
    },
    failNextPayment: (who, declineCode = "generic_decline", count = 1) => {
      const key = who.startsWith("cus_") ? who : who.toLowerCase();
      store.failNext.set(key, [...(store.failNext.get(key) ?? []), ...Array(count).fill(declineCode)]);
    },
    setWebhook: (url, secret) => {
      deliverer.target = url
        ? {
            url,
            secret: secret ?? deliverer.target?.secret ?? options.webhookSecret,
            enabledEvents: options.enabledEvents,
          }
        : null;
    },
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        deliverer.cancelAll();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Standalone: STRIPE_PORT, STRIPE_HOST, STRIPE_PUBLIC_URL, STRIPE_WEBHOOK_URL, STRIPE_WEBHOOK_SECRET; prints the URL.
if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startStripeServer({
    port: Number(process.env.STRIPE_PORT ?? 12111),
    host: process.env.STRIPE_HOST,
    publicUrl: process.env.STRIPE_PUBLIC_URL,
    webhookUrl: process.env.STRIPE_WEBHOOK_URL,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_local_test_secret",
    log: (line) => console.log(line),
  });
  console.log(`Local Stripe: ${server.url} (API ${server.url}/v1, API version ${server.apiVersion})`);
  const stop = () => server.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
