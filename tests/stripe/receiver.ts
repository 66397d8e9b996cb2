// A webhook endpoint for tests: verifies each delivery with the SDK's constructEventAsync, as the app does.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface ReceivedEvent {
  event: Stripe.Event;
  raw: string;
  signature: string;
  /** Arrival order. */
  index: number;
}

export interface WebhookReceiver {
  url: string;
  /** Verified deliveries, in arrival order (duplicates included). */
  received: ReceivedEvent[];
  /** Deliveries whose signature did not verify (answered 400). */
  rejected: { raw: string; signature: string; error: string }[];
  /** Status to answer for the next deliveries (then 200 again), e.g. [500, 500] to force retries. */
  failNext(statuses: number[]): void;
  types(): string[];
  /** Resolves with the first verified delivery matching `test` (already received or arriving later). */
  waitFor(test: (e: Stripe.Event) => boolean, timeoutMs?: number): Promise<Stripe.Event>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const stripe = new Stripe("sk_test_webhook_receiver", { httpClient: Stripe.createFetchHttpClient() });
  const crypto = Stripe.createSubtleCryptoProvider();
  const received: ReceivedEvent[] = [];
  const rejected: WebhookReceiver["rejected"] = [];
  const forced: number[] = [];
  const waiters = new Set<(e: Stripe.Event) => void>();
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const signature = String(req.headers["stripe-signature"] ?? "");
    const status = forced.shift();
    if (status !== undefined) {
      res.writeHead(status).end();
      return;
    }
    try {
      const event = await stripe.webhooks.constructEventAsync(raw, signature, secret, undefined, crypto);
      received.push({ event, raw, signature, index: received.length });
      for (const waiter of waiters) waiter(event);
      res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
    } catch (err) {
      rejected.push({ raw, signature, error: (err as Error).message });
      res.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    rejected,
    failNext: (statuses) => forced.push(...statuses),
    types: () => received.map((r) => r.event.type),
    waitFor: (test, timeoutMs = 5_000) => {
      const already = received.find((r) => test(r.event));
      if (already) return Promise.resolve(already.event);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `no matching webhook within ${timeoutMs} ms (got ${received.map((r) => r.event.type)})`,
            ),
          );
        }, timeoutMs);
        const waiter = (event: Stripe.Event) => {
          if (!test(event)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(event);
        };
        waiters.add(waiter);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
