// Vitest global setup for browser journeys: a migrated database, the production build served by wrangler dev,
// and — like `npm run dev` without keys — every provider played by its local protocol server.
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { serveBuiltApp } from "../../scripts/lib/build.ts";
import { localStripeVars, startLocalStripe } from "../../scripts/lib/dev-billing.ts";
import { run } from "../../scripts/lib/processes.ts";
import { startStandIns } from "../../scripts/lib/stand-ins.ts";
import { startEphemeralDb } from "./ephemeral-db";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    /** The local Stripe server (hosted Checkout and portal pages, /_control). */
    stripeUrl: string;
    /** The journeys' database, for what a person would read in their mailbox (the outbox). */
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // Whatever started is stopped again, last first, also when a later step fails.
  const started: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of started.reverse()) await stop().catch((err) => console.error(err));
  };
  try {
    const db = await startEphemeralDb();
    started.push(() => db.close());
    console.log(`Browser tests: database = ${db.description}`);
    // The demo users of every plan (password switchboard-demo), for the signed-in journeys; in its own
    // process for the same reason as the database.
    await run(process.execPath, [join(process.cwd(), "scripts/seed.ts")], { env: { DATABASE_URL: db.url } });
    // No keys from the developer's shell: every provider answers from its local protocol server.
    const standIns = await startStandIns({});
    started.push(() => standIns.close());
    // Stripe as the journeys meet it: webhooks signed, sometimes twice, sometimes out of order.
    const stripe = await startLocalStripe({});
    started.push(() => stripe.close());
    const app = await serveBuiltApp("browser", {
      ...standIns.vars,
      DATABASE_URL: db.url,
      DB_WS_PROXY: `127.0.0.1:${db.wsPort}`,
      APP_ENV: "test",
      ENABLE_TEST_MODELS: "1",
      ...localStripeVars(stripe),
    });
    started.push(() => app.stop());
    stripe.setWebhook(`${app.url}/api/billing/webhook`);
    project.provide("appUrl", app.url);
    project.provide("stripeUrl", stripe.url);
    project.provide("databaseUrl", db.url);
  } catch (err) {
    await stopAll();
    throw err;
  }
  return stopAll;
}
