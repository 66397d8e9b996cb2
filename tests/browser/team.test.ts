// The team journey in Chromium: an admin invites by email → the invitee opens the mailed link, signs up and
// joins → after the member chats both see the same pooled usage → the admin removes the member → the member
// lands on the subscription page, told why. Then the admin's actions from the keyboard, which keep the focus.
import { createHash, randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { fieldState } from "./field-state";
import {
  collectPageErrors,
  DEMO_PASSWORD,
  demoEmail,
  eventually,
  holdRequests,
  pathOf,
  signIn,
  signUpFresh,
  sql,
} from "./session";

const base = () => inject("appUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A standard plan with `seats` seats, as Stripe's webhook would have written it after a team checkout. */
async function giveTeamPlan(email: string, seats = 2) {
  const [row] = await sql<{ id: string }>(`select id from hot."user" where email = $1 and verified`, [email]);
  if (!row) throw new Error(`no account ${email}`);
  await sql(
    `insert into hot.subscription ("userId", customer, subscription, quantity, amount, ok, status)
     values ($1, $2, $3, $4, 2000, true, 'active')`,
    [row.id, `cus_team_${row.id}`, `sub_team_${row.id}`, seats],
  );
}

/**
 * A verified account made in the database, with the demo users' password: journeys that need several accounts
 * make them here, since sign-ups from one address are limited (20 an hour) and the browser tests share one.
 */
async function madeAccount(
  label: string,
  email = `${label}-${crypto.randomUUID()}@example.test`,
): Promise<string> {
  await sql(
    `insert into hot."user" (email, verified, "hashedPassword")
     select $1, true, "hashedPassword" from hot."user" where email = $2 and verified`,
    [email, demoEmail("none")],
  );
  return email;
}

async function signInAs(context: BrowserContext, email: string) {
  const res = await context.request.post(`${base()}/api/login`, {
    data: { email, password: DEMO_PASSWORD },
    headers: { Origin: base() },
  });
  expect(res.ok()).toBe(true);
}

/** A pending invitation to `email` from `adminEmail`'s team, and the token its link carries. */
async function invitationTo(adminEmail: string, email: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await sql(
    `insert into hot.team_invitation ("adminUserId", email, "tokenHash", "expiresAt")
     select id, $2, $3, now() + interval '7 days' from hot."user" where email = $1 and verified`,
    [adminEmail, email, createHash("sha256").update(token).digest("hex")],
  );
  return token;
}

/** Puts the account of `email` in the team of `adminEmail`, as joining writes its row. */
async function addMember(adminEmail: string, email: string) {
  await sql(
    `insert into hot.subscription ("userId", "adminUserId", customer, subscription, quantity, amount, ok)
     select m.id, a.id, '', '', 1, 0, true from hot."user" m, hot."user" a
     where m.email = $1 and m.verified and a.email = $2 and a.verified`,
    [email, adminEmail],
  );
}

async function mailedLink(email: string): Promise<string> {
  const [row] = await sql<{ text: string }>(
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

/** A new browser signed in as `email`, ready for the app (see prepareChat), with its page's errors collected. */
async function openAs(email: string, options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext(options);
  await signInAs(context, email);
  await prepareChat(context);
  const page = await context.newPage();
  return { context, page, errors: collectPageErrors(page) };
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
    // The form knows the invited address (from the token in its return path), and the address bar does not.
    await eventually(() => member.getByLabel("Email").inputValue()).toBe(inviteeEmail);
    expect(member.url()).not.toContain(encodeURIComponent(inviteeEmail));
    await member.getByLabel("Password").fill(DEMO_PASSWORD);
    await member.getByRole("button", { name: "Create my account" }).click();
    await eventually(() => new URL(member.url()).pathname).toBe("/join");
    await member.getByRole("button", { name: "Join the team" }).click();
    // No code to type: the mailed link confirmed the address. The chat it lands in says whose team it joined.
    await eventually(() => new URL(member.url()).pathname).toBe("/app/a/default");
    const joined = member.getByTestId("notification").filter({ hasText: "You're now in " });
    await joined.waitFor();
    expect(await joined.textContent()).toContain(`${adminEmail}'s team`);

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
    await row.getByRole("button", { name: "Remove" }).click();
    const confirmation = admin.getByRole("dialog", { name: "Remove this member?" });
    expect(await confirmation.textContent()).toContain(inviteeEmail);
    await confirmation.getByRole("button", { name: "Remove member" }).click();
    await eventually(() => admin.getByTestId("team-seats").textContent()).toBe("1 of 2 seats used");

    // The removed member's next visit lands on the subscription page, which says why.
    await member.goto(`${base()}/app/a/default`);
    await eventually(() => pathOf(member)).toBe("/app/account/subscription");
    await eventually(() => member.getByTestId("team-removed").textContent()).toContain(adminEmail);
    // Not a new account's welcome ("Your account is ready"): a plan of their own.
    expect(await member.locator("#main .lead").textContent()).toBe(
      "Pick a plan of your own to keep chatting with every model.",
    );

    expect(adminErrors).toEqual([]);
    expect(memberErrors).toEqual([]);
    await adminContext.close();
    await memberContext.close();
  });
});

describe("an invitation opened from another account", () => {
  it("says so before any Join, and signs out to continue with the invited address", async () => {
    const adminEmail = await madeAccount("team-admin");
    await giveTeamPlan(adminEmail);
    const inviteeEmail = `team-invitee-${crypto.randomUUID()}@example.test`;
    const token = await invitationTo(adminEmail, inviteeEmail);

    const context = await browser.newContext();
    await signIn(context, base(), "standard");
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${base()}/join?token=${token}`);
    const notice = page.getByTestId("join-other-account");
    await eventually(() => notice.textContent()).toContain(demoEmail("standard"));
    expect(await notice.textContent()).toContain(inviteeEmail);
    expect(await page.getByRole("button", { name: "Join the team" }).count()).toBe(0);

    await page.getByRole("button", { name: "Sign out and continue" }).click();
    await page.getByRole("link", { name: "Create an account to join" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/join");
    expect((await context.request.get(`${base()}/api/login/user`)).status()).toBe(401);
    // The two ways in stand apart: touching, their borders read as one button.
    const signUpBox = await page.getByRole("link", { name: "Create an account to join" }).boundingBox();
    const signInBox = await page.getByRole("link", { name: "I have an account: sign in" }).boundingBox();
    if (!signUpBox || !signInBox) throw new Error("no join links");
    expect(signInBox.y - (signUpBox.y + signUpBox.height)).toBeGreaterThanOrEqual(8);
    await page.getByRole("link", { name: "I have an account: sign in" }).click();
    await eventually(() => page.getByLabel("Email").inputValue()).toBe(inviteeEmail);

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the change page of a team's admin", () => {
  it("warns before Confirm about the seats members and pending invitations hold, as the server refuses", async () => {
    const adminEmail = await madeAccount("team-admin");
    await giveTeamPlan(adminEmail, 5);
    for (let i = 0; i < 2; i++) await addMember(adminEmail, await madeAccount("team-member"));
    await invitationTo(adminEmail, `team-invitee-${crypto.randomUUID()}@example.test`);
    const { context, page, errors } = await openAs(adminEmail);
    const warning = page.getByTestId("change-seats-refused");
    const confirm = page.getByRole("button", { name: "Confirm the change" });
    const open = async (seats: number) => {
      await page.goto(`${base()}/app/account/change_subscription?plan=standard&users=${seats}&yearly=false`);
      await page.getByTestId("change-confirm").waitFor();
    };

    // Admin and two members: three seats in use.
    await open(2);
    await eventually(() => warning.textContent()).toBe(
      "Your team uses 3 seats: remove members before choosing fewer.",
    );
    expect(await confirm.isDisabled()).toBe(true);
    // The pending invitation keeps a fourth.
    await open(3);
    await eventually(() => warning.textContent()).toBe(
      "Pending invitations keep seats for their invitees: keep at least 4 seats, or withdraw invitations in your team settings.",
    );
    expect(await warning.getByRole("link", { name: "team settings" }).getAttribute("href")).toBe(
      "/app/account/settings/team",
    );
    expect(await confirm.isDisabled()).toBe(true);
    await open(4);
    await page.getByTestId("billing-seats").waitFor();
    expect(await warning.count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the team page's actions from the keyboard", () => {
  it("keep the focus: a pending one on its button, a gone row's on the next row's, a resent row's on itself", async () => {
    const adminEmail = await madeAccount("team-admin");
    await giveTeamPlan(adminEmail, 8);
    const members = [await madeAccount("team-member"), await madeAccount("team-member")];
    for (const email of members) await addMember(adminEmail, email);
    const invitees = [1, 2].map(() => `team-invitee-${crypto.randomUUID()}@example.test`);
    for (const email of invitees) await invitationTo(adminEmail, email);
    const { context, page, errors } = await openAs(adminEmail);
    await page.goto(`${base()}/app/account/settings/team`);
    const invitations = page.getByTestId("team-invitations");
    await eventually(() => invitations.locator("li").count()).toBe(2);
    const focused = (button: Locator) => button.evaluate((element) => element === document.activeElement);

    // Inviting: the button keeps the focus while it sends (aria-disabled, a second Enter ignored) and after.
    const held = await holdRequests(page, "/api/team/invite");
    const newcomer = `team-invitee-${crypto.randomUUID()}@example.test`;
    await page.getByLabel("Email addresses").fill(newcomer);
    const send = page
      .getByRole("button", { name: "Sending…" })
      .or(page.getByRole("button", { name: "Send invitations" }));
    await send.press("Enter");
    await eventually(() => send.isDisabled()).toBe(true);
    expect(await focused(send)).toBe(true);
    expect(await send.getAttribute("aria-disabled")).toBe("true");
    await page.keyboard.press("Enter");
    held.release();
    await eventually(() => invitations.locator("li").count()).toBe(3);
    expect(held.count).toBe(1);
    await page.unroute("**/api/team/invite");
    // Sent, the field is empty and the button unavailable: it still has the focus.
    expect(await focused(send)).toBe(true);

    // A resent invitation is a new one, listed last: its row moves there with the focus.
    const row = (email: string) => invitations.locator("li", { hasText: email });
    // Each row's buttons are named with its address ("Resend ana@…"), not all "Resend" alike.
    await row(invitees[0] ?? "")
      .getByRole("button", { name: `Resend ${invitees[0]}`, exact: true })
      .press("Enter");
    await eventually(() => invitations.locator("li").last().textContent()).toContain(invitees[0]);
    await eventually(() => focused(row(invitees[0] ?? "").getByRole("button", { name: "Resend" }))).toBe(
      true,
    );

    // A withdrawn invitation's row goes: the next row's Withdraw button has the focus.
    await row(invitees[1] ?? "")
      .getByRole("button", { name: "Withdraw" })
      .press("Enter");
    await eventually(() => row(invitees[1] ?? "").count()).toBe(0);
    await eventually(() => focused(row(newcomer).getByRole("button", { name: "Withdraw" }))).toBe(true);

    // A removed member's row goes: the next member's Remove button has the focus.
    const memberRow = (email: string) =>
      page.getByTestId("team-members").locator(`li[data-email="${email}"]`);
    // It asks first, in the app's dialog (no browser confirm): Escape keeps the member, with the focus back on
    // the row's button; the dialog's Remove takes them out.
    const nativeDialogs: string[] = [];
    page.on("dialog", (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const removeFirst = memberRow(members[0] ?? "").getByRole("button", {
      name: `Remove ${members[0]}`,
      exact: true,
    });
    const confirmation = page.getByRole("dialog", { name: "Remove this member?" });
    await removeFirst.press("Enter");
    await confirmation.waitFor();
    expect(await confirmation.getByRole("paragraph").textContent()).toBe(
      `${members[0]} keeps their chats but loses the team's plan, and is told why at their next visit.`,
    );
    // The safe choice has the focus.
    expect(await focused(confirmation.getByRole("button", { name: "Cancel" }))).toBe(true);
    await page.keyboard.press("Escape");
    await confirmation.waitFor({ state: "hidden" });
    expect(await focused(removeFirst)).toBe(true);
    expect(await memberRow(members[0] ?? "").count()).toBe(1);
    await removeFirst.press("Enter");
    await confirmation.waitFor();
    await page.keyboard.press("Tab");
    expect(await focused(confirmation.getByRole("button", { name: "Remove member" }))).toBe(true);
    await page.keyboard.press("Enter");
    await eventually(() => memberRow(members[0] ?? "").count()).toBe(0);
    expect(nativeDialogs).toEqual([]);
    await eventually(() => focused(memberRow(members[1] ?? "").getByRole("button", { name: "Remove" }))).toBe(
      true,
    );

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the team's invitation form", () => {
  it("names the entry that is no address, and says when there are more addresses than free seats", async () => {
    const adminEmail = await madeAccount("team-admin");
    await giveTeamPlan(adminEmail, 2);
    const { context, page, errors } = await openAs(adminEmail);
    let invites = 0;
    await page.route("**/api/team/invite", (route) => {
      invites += 1;
      return route.continue();
    });
    await page.goto(`${base()}/app/account/settings/team`);
    const field = page.getByLabel("Email addresses");
    const submit = page.getByRole("button", { name: "Send invitations" });
    const error = page.locator("#team-invite-emails-error");
    // Nothing typed: the button (aria-disabled, which Playwright will not click unforced) says why it does
    // nothing, instead of doing nothing silently.
    expect(await submit.getAttribute("aria-disabled")).toBe("true");
    await submit.click({ force: true });
    await eventually(() => error.textContent()).toBe("Enter at least one email address.");
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    await field.fill("ana@example.test, NOT AN EMAIL");
    await submit.click();
    await eventually(() => error.textContent()).toBe("“NOT” is not an email address.");
    expect(await error.getAttribute("role")).toBe("alert");
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    // One seat is free (the admin holds the other): two addresses are one too many, and it says how many.
    await field.fill("ana@example.test\nbo@example.test");
    expect(await error.count()).toBe(0);
    await submit.click();
    await eventually(() => error.textContent()).toBe(
      "More addresses (2) than free seats (1): add seats, or invite fewer people.",
    );
    expect(invites).toBe(0);
    // One address fits: it is sent, and listed.
    await field.fill("ana@example.test");
    await submit.click();
    await eventually(() => page.getByTestId("team-invitations").textContent()).toContain("ana@example.test");
    expect(invites).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the team's invitation form, one attempt after another", () => {
  it("says why the admin's own address is refused, and drops each attempt's message at the next one or an edit", async () => {
    const adminEmail = await madeAccount("team-admin");
    await giveTeamPlan(adminEmail, 3);
    const { context, page, errors } = await openAs(adminEmail);
    await page.goto(`${base()}/app/account/settings/team`);
    const field = page.getByLabel("Email addresses");
    const submit = page.getByRole("button", { name: "Send invitations" });
    // Everything the form says at a time: the field's own error and the server's answer.
    const said = () => page.locator("form.team-invite").getByRole("alert").allTextContents();
    const ownAddress = "That is your own address: you hold the admin's seat already. Invite other people.";

    // The server refuses the admin's own address, and the page says why (not "Enter a valid email address").
    await field.fill(adminEmail);
    await submit.click();
    await eventually(said).toEqual([ownAddress]);
    // An edit: that answer spoke of the addresses before it.
    await field.press("End");
    await field.press("Space");
    await eventually(said).toEqual([]);

    // Refused again, then sent again as it is: while the new attempt is out, the old answer is gone.
    await field.fill(adminEmail);
    await submit.click();
    await eventually(said).toEqual([ownAddress]);
    const held = await holdRequests(page, "/api/team/invite");
    await submit.click();
    await page.getByRole("button", { name: "Sending…" }).waitFor();
    expect(await said()).toEqual([]);
    held.release();
    await eventually(said).toEqual([ownAddress]);
    await page.unroute("**/api/team/invite");

    // The QA's steps: the own address refused, then three addresses for two free seats: only the seats are said.
    await field.fill("ana@example.test\nbo@example.test\ncy@example.test");
    await submit.click();
    await eventually(said).toEqual([
      "More addresses (3) than free seats (2): add seats, or invite fewer people.",
    ]);

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the team's invitation form, refused by the server", () => {
  it("marks the field with the refusal of its addresses (the admin's own, no free seat), said under it", async () => {
    const adminEmail = await madeAccount("team-admin");
    // One seat, the admin's: none free, which only the server checks.
    await giveTeamPlan(adminEmail, 1);
    const { context, page, errors } = await openAs(adminEmail);
    await page.goto(`${base()}/app/account/settings/team`);
    const field = page.getByLabel("Email addresses");
    const submit = page.getByRole("button", { name: "Send invitations" });
    const said = () => page.locator("form.team-invite").getByRole("alert").allTextContents();
    const marked = () => fieldState(field);
    const hint = "No free seat — add seats to invite more people.";
    const refusals: [string, string][] = [
      [adminEmail, "That is your own address: you hold the admin's seat already. Invite other people."],
      ["ana@example.test", "No free seat: add seats to invite more people."],
    ];
    for (const [entry, refusal] of refusals) {
      await field.fill(entry);
      await submit.click();
      // Said once, under the field, and read with it.
      await eventually(said).toEqual([refusal]);
      expect(await marked()).toEqual({ invalid: true, described: [hint, refusal] });
      // An edit: that refusal spoke of the addresses before it.
      await field.press("End");
      await field.press("Space");
      await eventually(said).toEqual([]);
      expect(await marked()).toEqual({ invalid: false, described: [hint] });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("inviting a member of another team", () => {
  it("is sent as to anyone; once they could not join, the admin sees why, and Resend re-opens it", async () => {
    const adminEmail = await madeAccount("team-admin");
    await giveTeamPlan(adminEmail, 3);
    const otherAdmin = await madeAccount("team-admin");
    await giveTeamPlan(otherAdmin, 3);
    const taken = await madeAccount("team-member");
    await addMember(otherAdmin, taken);
    const admin = await openAs(adminEmail);
    await admin.page.goto(`${base()}/app/account/settings/team`);

    // The invite says nothing of the address's team: sent, as to anyone, and it holds a seat.
    await admin.page.getByLabel("Email addresses").fill(taken.toUpperCase());
    await admin.page.getByRole("button", { name: "Send invitations" }).click();
    const form = admin.page.locator("form.team-invite");
    await eventually(() => form.getByRole("status").allTextContents()).toEqual([
      "Invitations sent. Each link works once, for 7 days.",
    ]);
    expect(await form.getByRole("alert").count()).toBe(0);
    const row = admin.page.getByTestId("team-invitations").locator("li").filter({ hasText: taken });
    await eventually(() => row.getByTestId("team-invitation-state").textContent()).toMatch(/^Expires /);
    await eventually(() => admin.page.locator("#team-invite-emails-hint").textContent()).toContain(
      "Free seats: 1.",
    );

    // The invitee opens the link and cannot join: the page says the invitation is closed and that the admin sees it.
    const invitee = await openAs(taken);
    await invitee.page.goto(await mailedLink(taken));
    await invitee.page.getByRole("button", { name: "Join the team" }).click();
    await eventually(() => invitee.page.getByRole("alert").allTextContents()).toEqual([
      `This invitation is closed: when you opened it, you were in another team, and ${adminEmail} sees that you could not join. Once you have left your team, ask them to send it again.`,
    ]);
    expect(await invitee.page.getByRole("button", { name: "Join the team" }).count()).toBe(0);

    // The admin's page says so on that row, with its actions, and the seat is free again.
    await admin.page.reload();
    await eventually(() => row.getByTestId("team-invitation-state").textContent()).toBe(
      "Could not join: already in another team",
    );
    await eventually(() => admin.page.locator("#team-invite-emails-hint").textContent()).toContain(
      "Free seats: 2.",
    );
    expect(await row.getByRole("button", { name: `Withdraw ${taken}`, exact: true }).count()).toBe(1);
    // The form's last answer (a refusal of the admin's own address) goes with the next action on the list.
    await admin.page.getByLabel("Email addresses").fill(adminEmail);
    await admin.page.getByRole("button", { name: "Send invitations" }).click();
    await eventually(() => form.getByRole("alert").allTextContents()).toEqual([
      "That is your own address: you hold the admin's seat already. Invite other people.",
    ]);
    await row.getByRole("button", { name: `Resend ${taken}`, exact: true }).click();
    await eventually(() => form.getByRole("alert").allTextContents()).toEqual([]);
    await eventually(() => row.getByTestId("team-invitation-state").textContent()).toMatch(/^Expires /);
    await eventually(() => admin.page.locator("#team-invite-emails-hint").textContent()).toContain(
      "Free seats: 1.",
    );

    expect(admin.errors).toEqual([]);
    expect(invitee.errors).toEqual([]);
    await admin.context.close();
    await invitee.context.close();
  });
});

describe("inviting a member of one's own team", () => {
  it("says that address is already in the team, not the invitee's 'You are already in a team'", async () => {
    const adminEmail = await madeAccount("team-admin");
    await giveTeamPlan(adminEmail, 4);
    const member = await madeAccount("team-member");
    await addMember(adminEmail, member);
    const { context, page, errors } = await openAs(adminEmail);
    await page.goto(`${base()}/app/account/settings/team`);
    await page.getByLabel("Email addresses").fill(`ana-${crypto.randomUUID()}@example.test, ${member}`);
    await page.getByRole("button", { name: "Send invitations" }).click();
    const said = () => page.locator("form.team-invite").getByRole("alert").allTextContents();
    await eventually(said).toEqual([`${member} is already in your team.`]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the members' list", () => {
  it("shows each address whole on one line on a desktop, and breaks it after its @ on a phone", async () => {
    const adminEmail = await madeAccount("team-admin");
    await giveTeamPlan(adminEmail, 3);
    // As long as the demo members' addresses, with no hyphen to break at: only the "@" or mid-word.
    const unique = crypto.randomUUID().replaceAll("-", "").slice(0, 8);
    const member = await madeAccount("", `teammember${unique}@demoswitchboard.test`);
    await addMember(adminEmail, member);
    const { context, page, errors } = await openAs(adminEmail, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${base()}/app/account/settings/team`);
    const address = page.getByTestId("team-members").locator(`li[data-email="${member}"] .team-email`);
    await eventually(() => address.textContent()).toBe(member);
    /** The lines an element's text takes, each with the text on it. */
    const lines = () =>
      address.evaluate((element) => {
        const byTop = new Map<number, string>();
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? "";
          for (let i = 0; i < text.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const top = Math.round(range.getBoundingClientRect().top);
            byTop.set(top, (byTop.get(top) ?? "") + text[i]);
          }
        }
        return [...byTop.entries()].sort(([a], [b]) => a - b).map(([, line]) => line);
      });
    // It was squeezed into a ~230 px column by the usage counts, and broke mid-word over three lines.
    expect(await lines()).toEqual([member]);

    // A phone, narrower than the address: it breaks where it reads best, after its "@", and nothing is wider
    // than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await eventually(lines).toEqual([`teammember${unique}@`, "demoswitchboard.test"]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a member leaving the team", () => {
  it("asks in the app's dialog: Escape or Cancel keeps the seat, with the focus back on Leave; Leave leaves", async () => {
    const adminEmail = await madeAccount("team-admin");
    await giveTeamPlan(adminEmail, 2);
    const memberEmail = await madeAccount("team-member");
    await addMember(adminEmail, memberEmail);
    const { context, page, errors } = await openAs(memberEmail);
    const nativeDialogs: string[] = [];
    page.on("dialog", (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${base()}/app/account/settings/team`);
    const leave = page.getByRole("button", { name: "Leave the team" });
    await eventually(() => page.getByTestId("team-member").textContent()).toContain(adminEmail);
    const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
    const confirmation = page.getByRole("dialog", { name: "Leave the team?" });

    await leave.press("Enter");
    await confirmation.waitFor();
    expect(await confirmation.getByRole("paragraph").textContent()).toBe(
      "You keep your chats but lose the team's plan: you will need a plan of your own to keep chatting.",
    );
    expect(await focused(confirmation.getByRole("button", { name: "Cancel" }))).toBe(true);
    await page.keyboard.press("Escape");
    await confirmation.waitFor({ state: "hidden" });
    expect(await focused(leave)).toBe(true);
    await leave.click();
    await confirmation.getByRole("button", { name: "Cancel" }).click();
    await confirmation.waitFor({ state: "hidden" });
    expect(await focused(leave)).toBe(true);
    expect((await (await context.request.get(`${base()}/api/team`)).json()).role).toBe("member");

    await leave.click();
    await confirmation.getByRole("button", { name: "Leave", exact: true }).click();
    await eventually(() => pathOf(page)).toBe("/app/account/subscription");
    expect((await (await context.request.get(`${base()}/api/team`)).json()).role).toBe("none");
    expect(nativeDialogs).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a member whose team's plan is not active", () => {
  it("is told their admin renews it and shown the way to the team, not plans a checkout would refuse", async () => {
    const adminEmail = await madeAccount("team-admin");
    await giveTeamPlan(adminEmail, 3);
    const member = await madeAccount("team-member");
    await addMember(adminEmail, member);
    await sql(
      `update hot.subscription set ok = false where "userId" = (select id from hot."user" where email = $1)`,
      [adminEmail],
    );
    const { context, page, errors } = await openAs(member);
    await page.goto(`${base()}/app/account/subscription`);
    await page.getByRole("heading", { name: "Your team's plan is not active" }).waitFor();
    expect(await page.locator(".lead").textContent()).toContain("Your team's admin renews it");
    await page.getByRole("link", { name: "See your team" }).waitFor();
    // Nothing to buy here: a checkout of their own is refused while they are in the team.
    expect(await page.getByRole("button", { name: /Continue to payment/ }).count()).toBe(0);
    expect(await page.getByRole("radio").count()).toBe(0);
    // The change page: the billing card says whose the plan is, with the way to the team; no "See the plans".
    await page.goto(`${base()}/app/account/change_subscription`);
    await page.getByTestId("billing-summary").getByRole("link", { name: "See your team" }).waitFor();
    expect(await page.getByRole("link", { name: "See the plans" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "See the plans" }).count()).toBe(0);
    // /pricing marks no plan of theirs, and its subtitle neither says one is marked nor invites a choice.
    await page.goto(`${base()}/pricing`);
    await page.getByTestId("team-member-plan").waitFor();
    expect(await page.locator(".page-intro .lead").textContent()).toBe(
      "Every plan includes all the text, reasoning, web-search and image models.",
    );
    expect(await page.locator(".badge.current").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();

    // Their admin's team page says the plan ended and how to renew it, not "Add seats" or an invite form.
    const admin = await openAs(adminEmail);
    await admin.page.goto(`${base()}/app/account/settings/team`);
    await admin.page.getByTestId("team-plan-ended").waitFor();
    expect(await admin.page.getByTestId("team-plan-ended").textContent()).toContain(
      "Your team's plan has ended",
    );
    await admin.page.getByTestId("team-plan-ended").getByRole("link", { name: "See the plans" }).waitFor();
    expect(await admin.page.getByRole("link", { name: "Add seats" }).count()).toBe(0);
    expect(await admin.page.getByRole("button", { name: "Send invitations" }).count()).toBe(0);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
