// The team journey in Chromium: an admin invites by email → the invitee opens the mailed link, signs up and
// joins → after the member chats both see the same pooled usage → the admin removes the member → the member
// lands on the subscription page, told why.
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { collectPageErrors, DEMO_PASSWORD, eventually, pathOf, signUpFresh } from "./session";

const base = () => inject("appUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A standard plan with two seats, as Stripe's webhook would have written it after a team checkout. */
async function giveTeamPlan(email: string) {
  const [row] = await query<{ id: string }>(`select id from hot."user" where email = $1 and verified`, [
    email,
  ]);
  if (!row) throw new Error(`no account ${email}`);
  await query(
    `insert into hot.subscription ("userId", customer, subscription, quantity, amount, ok, status)
     values ($1, $2, $3, 2, 2000, true, 'active')`,
    [row.id, `cus_team_${row.id}`, `sub_team_${row.id}`],
  );
}

async function mailedLink(email: string): Promise<string> {
  const [row] = await query<{ text: string }>(
    `select text from hot.dev_outbox where "to" = $1 order by id desc limit 1`,
    [email],
  );
  const link = /https?:\/\/\S+\/join\?token=[A-Za-z0-9_-]{43}/.exec(row?.text ?? "")?.[0];
  if (!link) throw new Error(`no invitation mailed to ${email}`);
  return link;
}

/** The offline test model first, and the welcome notices already seen. */
async function prepareChat(context: BrowserContext) {
  const headers = { Origin: base() };
  const saved = await context.request.post(`${base()}/api/user/preferences/saveModelsConfiguration`, {
    data: { modelsConfiguration: { text: ["test"] } },
    headers,
  });
  expect(saved.ok()).toBe(true);
  const app = { headers: { "X-Switchboard-Request": "1" } };
  await context.request.get(`${base()}/api/user/preferences/saveLastReleaseNote`, app);
  await context.request.get(`${base()}/api/user/preferences/saveHasSeenOnboardingTips`, app);
}

const textUsage = async (page: Page) => {
  await page.goto(`${base()}/app/account/subscription`);
  const line = page.getByTestId("usage-text");
  await line.waitFor();
  return (await line.textContent()) ?? "";
};

describe("a team", () => {
  it("invites, joins by the mailed link, pools usage, and removes", async () => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminErrors = collectPageErrors(admin);
    const adminEmail = await signUpFresh(adminContext, base(), "team-admin");
    await giveTeamPlan(adminEmail);
    await prepareChat(adminContext);

    // The admin invites by email from the team page.
    const inviteeEmail = `team-invitee-${crypto.randomUUID()}@example.test`;
    await admin.goto(`${base()}/app/account/settings/team`);
    await eventually(() => admin.getByTestId("team-seats").textContent()).toBe("1 of 2 seats used");
    await admin.getByLabel("Email addresses").fill(inviteeEmail);
    await admin.getByRole("button", { name: "Send invitations" }).click();
    await eventually(() => admin.getByTestId("team-invitations").textContent()).toContain(inviteeEmail);

    // The invitee opens the mailed link, signs up from it, comes back and joins.
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    const memberErrors = collectPageErrors(member);
    await member.goto(await mailedLink(inviteeEmail));
    await eventually(() => member.getByTestId("join-team").textContent()).toContain(adminEmail);
    expect(await member.getByTestId("join-team").textContent()).toContain("Standard");
    await member.getByRole("link", { name: "Create an account to join" }).click();
    await eventually(() => new URL(member.url()).pathname).toBe("/login");
    await member.getByLabel("Email").fill(inviteeEmail);
    await member.getByLabel("Password").fill(DEMO_PASSWORD);
    await member.getByRole("button", { name: "Create my account" }).click();
    await eventually(() => new URL(member.url()).pathname).toBe("/join");
    await member.getByRole("button", { name: "Join the team" }).click();
    // No code to type: the mailed link confirmed the address.
    await eventually(() => new URL(member.url()).pathname).toBe("/app/a/default");

    // The member chats; both then see the team's one pooled count against 80 × 2 seats.
    await prepareChat(memberContext);
    await member.goto(`${base()}/app/a/default`);
    const box = member.locator("#root").getByRole("textbox", { name: "Message" });
    await box.fill("Hello from the team");
    await box.press("Enter");
    const answer = member.locator("#root article.message.model").last();
    await eventually(async () => ((await answer.textContent()) ?? "").length > 10, 30_000).toBe(true);
    await eventually(() => textUsage(member)).toContain("1 of 160");
    expect(await textUsage(admin)).toContain("1 of 160");
    await expect(member.getByTestId("usage-team").textContent()).resolves.toContain("2 seats");

    // The admin sees the member and their usage, then removes them.
    await admin.goto(`${base()}/app/account/settings/team`);
    const row = admin.getByTestId("team-members").locator(`li[data-email="${inviteeEmail}"]`);
    await eventually(() => row.getByTestId("member-usage-text").textContent()).toBe("1");
    expect(await admin.getByTestId("team-seats").textContent()).toBe("2 of 2 seats used");
    admin.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: "Remove" }).click();
    await eventually(() => admin.getByTestId("team-seats").textContent()).toBe("1 of 2 seats used");

    // The removed member's next visit lands on the subscription page, which says why.
    await member.goto(`${base()}/app/a/default`);
    await eventually(() => pathOf(member)).toBe("/app/account/subscription");
    await eventually(() => member.getByTestId("team-removed").textContent()).toContain(adminEmail);

    expect(adminErrors).toEqual([]);
    expect(memberErrors).toEqual([]);
    await adminContext.close();
    await memberContext.close();
  });
});
