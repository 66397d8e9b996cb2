// Demo data: verified users on every plan and a three-seat team, each with two assistants, so a newcomer can
// sign in and see the product's features at once.
//
// `npm run dev` calls seed() on every start (it only adds what is missing); by hand:
//   DATABASE_URL=postgres://… node scripts/seed.ts
import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { assistant, subscription, user } from "../drizzle/schema.ts";
import { hashPassword } from "../src/auth/password.ts";

export const DEMO_PASSWORD = "switchboard-demo";
export const DEMO_DOMAIN = "demo.switchboard.test";

interface DemoUser {
  local: string;
  /** The subscription row written for the user; none → no row. */
  subscription?: { amount: number; ok: boolean; quantity?: number; adminLocal?: string };
}

/** Amounts are SPEC §9's monthly codes; the team's seats hang off team-admin's row. */
export const DEMO_USERS: readonly DemoUser[] = [
  { local: "none" },
  { local: "unsubscribed", subscription: { amount: 1000, ok: false } },
  { local: "starter", subscription: { amount: 1000, ok: true } },
  { local: "standard", subscription: { amount: 2000, ok: true } },
  { local: "expert", subscription: { amount: 6000, ok: true } },
  { local: "team-admin", subscription: { amount: 2000, ok: true, quantity: 3 } },
  { local: "team-member1", subscription: { amount: 2000, ok: true, adminLocal: "team-admin" } },
  { local: "team-member2", subscription: { amount: 2000, ok: true, adminLocal: "team-admin" } },
];

export const demoEmail = (local: string) => `${local}@${DEMO_DOMAIN}`;

/** Given to each demo user who has no assistant yet (one deleted on purpose stays deleted until all are). */
export const DEMO_ASSISTANTS = [
  {
    label: "Writing coach",
    preprompt:
      "You are a demanding but kind writing coach. Point out unclear sentences, suggest tighter wording, and explain each change in one short line.",
    image: "✍️",
    prop: "violet",
  },
  {
    label: "Translator",
    preprompt:
      "Translate whatever the user writes into English; if it is already English, into French. Keep the tone and the formatting, and add nothing else.",
    image: "🌍",
    prop: "blue",
  },
] as const;

/** Adds whichever demo users and subscriptions are missing; returns the emails it created. */
export async function seed(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const db = drizzle({ client });
    const emails = DEMO_USERS.map((u) => demoEmail(u.local));
    const existing = new Set(
      (await db.select({ email: user.email }).from(user).where(inArray(user.email, emails))).map(
        (r) => r.email,
      ),
    );
    const missing = emails.filter((email) => !existing.has(email));
    // One hash per user (own salt); hashing only for missing users keeps restarts fast.
    const created = await Promise.all(
      missing.map(async (email) => ({
        email,
        verified: true,
        hashedPassword: await hashPassword(DEMO_PASSWORD),
      })),
    );
    return await db.transaction(async (tx) => {
      const inserted =
        created.length === 0
          ? []
          : await tx.insert(user).values(created).onConflictDoNothing().returning({ email: user.email });
      const ids = new Map(
        (
          await tx.select({ id: user.id, email: user.email }).from(user).where(inArray(user.email, emails))
        ).map((r) => [r.email, r.id]),
      );
      const idOf = (local: string) => {
        const id = ids.get(demoEmail(local));
        if (id === undefined) throw new Error(`demo user ${local} is missing`);
        return id;
      };
      const rows = DEMO_USERS.flatMap(({ local, subscription: s }) => {
        if (!s) return [];
        // Team members carry the admin's payment references; the admin's row decides their plan.
        const billedTo = s.adminLocal ?? local;
        return [
          {
            userId: idOf(local),
            customer: `cus_demo_${billedTo}`,
            subscription: `sub_demo_${billedTo}`,
            amount: s.amount,
            ok: s.ok,
            quantity: s.quantity ?? 1,
            adminUserId: s.adminLocal ? idOf(s.adminLocal) : null,
            customerEmail: demoEmail(billedTo),
          },
        ];
      });
      await tx.insert(subscription).values(rows).onConflictDoNothing();
      const withAssistants = new Set(
        (
          await tx
            .selectDistinct({ userId: assistant.userId })
            .from(assistant)
            .where(inArray(assistant.userId, [...ids.values()]))
        ).map((r) => r.userId),
      );
      const assistants = [...ids.values()]
        .filter((id) => !withAssistants.has(id))
        .flatMap((userId) => DEMO_ASSISTANTS.map((a) => ({ userId, ...a })));
      if (assistants.length > 0) await tx.insert(assistant).values(assistants).onConflictDoNothing();
      return inserted.map((r) => r.email);
    });
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("DATABASE_URL is not set (e.g. postgres://user:pass@localhost:5432/switchboard)");
    process.exitCode = 1;
    return;
  }
  const created = await seed(url);
  console.log(
    created.length === 0
      ? "Demo users already present."
      : `Created ${created.length} demo users (password ${DEMO_PASSWORD}): ${created.join(", ")}`,
  );
}

const invokedPath = process.argv[1];
if (invokedPath && import.meta.url === pathToFileURL(realpathSync(invokedPath)).href) await main();
