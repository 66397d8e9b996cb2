// /api/team: the team of a subscription with several seats — its view, invitations, joining, removal, leaving.
import { Hono } from "hono";
import { z } from "zod";
import { accountMailLocale } from "../auth/saved-language";
import { newSessionToken, sha256Hex } from "../auth/tokens";
import {
  adminRowOf,
  createInvitations,
  dismissTeamNotice,
  findInvitation,
  leaveTeam,
  previewOf,
  removeMember,
  teamViewOf,
  withdrawInvitation,
} from "../db/team";
import { acceptInvitation } from "../db/team-join";
import { findVerifiedHolder } from "../db/users";
import { emailSchema } from "../domain/account-schemas";
import {
  INVITATION_TOKEN_PATTERN,
  INVITATION_TTL_SECONDS,
  MAX_INVITES_PER_REQUEST,
  uniqueEmails,
} from "../domain/team";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { mailerFor } from "../mail/mailer";
import { teamInvitationMail } from "../mail/messages";
import { requestLocale } from "../middleware/request-locale";
import { signedInUser } from "../middleware/session";
import { validate } from "../middleware/validate";

/** Where an invitation link leads: a public page that signs the invitee in or up, then joins. */
export const JOIN_PATH = "/join";

const inviteBody = z.object({
  emails: z
    .array(emailSchema, { error: "The emails must be a list of addresses." })
    .min(1, "Name at least one email address.")
    .max(MAX_INVITES_PER_REQUEST, `Invite at most ${MAX_INVITES_PER_REQUEST} addresses at once.`),
});
const idBody = z.object({
  id: z
    .number({ error: "The id must be a number." })
    .int()
    .positive()
    .max(2 ** 53 - 1),
});
const userIdBody = z.object({
  userId: z
    .number({ error: "The userId must be a number." })
    .int()
    .positive()
    .max(2 ** 53 - 1),
});
const tokenBody = z.object({
  token: z
    .string({ error: "The token must be a string." })
    .regex(INVITATION_TOKEN_PATTERN, "The token is not an invitation token."),
});

const invitationInvalid = () =>
  new AppError(
    404,
    "invitation_invalid",
    "This invitation link is not valid. It may have been withdrawn: ask your admin for a new one.",
  );

export const teamRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = signedInUser(c);
    return c.json(await teamViewOf(c.var.db(), { userId: user.id, email: user.email, now: new Date() }));
  })
  .post("/invite", validate("json", inviteBody), async (c) => {
    const admin = signedInUser(c);
    const db = c.var.db();
    const now = new Date();
    const emails = uniqueEmails(c.req.valid("json").emails);
    const invites = await Promise.all(
      emails.map(async (email) => {
        const token = newSessionToken();
        return { email, token, tokenHash: await sha256Hex(token) };
      }),
    );
    await createInvitations(db, { adminUserId: admin.id, invites, now });
    const origin = new URL(c.req.url).origin;
    const mailer = mailerFor(c.env, c.var.db);
    // The invitation speaks the language the invitee's account saved, if they have one; else the admin's.
    const locale = requestLocale(c);
    const days = Math.round(INVITATION_TTL_SECONDS / 86_400);
    // Mail goes out after the commit; a failed send is reported, and a resend makes a fresh link.
    const sent = await Promise.all(
      invites.map(async ({ email, token }) => {
        const link = `${origin}${JOIN_PATH}?token=${token}`;
        try {
          const holder = await findVerifiedHolder(db, { email });
          const language = holder ? await accountMailLocale(db, holder.id, locale) : locale;
          await mailer.send(teamInvitationMail(email, { adminEmail: admin.email, link, days }, language));
          return { email, mailed: true };
        } catch (err) {
          console.error("sending a team invitation failed", err);
          return { email, mailed: false };
        }
      }),
    );
    return c.json({
      invited: sent,
      team: await teamViewOf(db, { userId: admin.id, email: admin.email, now }),
    });
  })
  .post("/invitations/withdraw", validate("json", idBody), async (c) => {
    const admin = signedInUser(c);
    const db = c.var.db();
    await adminRowOf(db, { userId: admin.id });
    if (!(await withdrawInvitation(db, { adminUserId: admin.id, id: c.req.valid("json").id }))) {
      throw new AppError(404, "not_found", "There is no pending invitation with this id.");
    }
    return c.json(await teamViewOf(db, { userId: admin.id, email: admin.email, now: new Date() }));
  })
  /** Public: what the invitee sees before signing in (the token is the secret; a POST keeps it out of logs). */
  .post("/invitation", validate("json", tokenBody), async (c) => {
    const found = await findInvitation(c.var.db(), { tokenHash: await sha256Hex(c.req.valid("json").token) });
    if (!found) throw invitationInvalid();
    return c.json(previewOf(found, new Date()));
  })
  .post("/accept", validate("json", tokenBody), async (c) => {
    // Open to an unverified account too: the mailed link proves the address (src/domain/api-access.ts).
    const user = signedInUser(c);
    const db = c.var.db();
    await acceptInvitation(db, {
      userId: user.id,
      email: user.email,
      verified: user.verified,
      tokenHash: await sha256Hex(c.req.valid("json").token),
      now: new Date(),
    });
    return c.json(await teamViewOf(db, { userId: user.id, email: user.email, now: new Date() }));
  })
  .post("/remove", validate("json", userIdBody), async (c) => {
    const admin = signedInUser(c);
    const db = c.var.db();
    const { userId } = c.req.valid("json");
    await adminRowOf(db, { userId: admin.id });
    // The admin is listed among the members but holds the team's subscription: a 404 would deny what the page shows.
    if (userId === admin.id) {
      throw new AppError(
        409,
        "cannot_remove_self",
        "You are the team's admin, so you cannot remove yourself. To end the team, cancel its plan on your subscription page.",
      );
    }
    const removed = await removeMember(db, { adminUserId: admin.id, userId, adminEmail: admin.email });
    if (!removed) throw new AppError(404, "not_found", "This person is not a member of your team.");
    return c.json(await teamViewOf(db, { userId: admin.id, email: admin.email, now: new Date() }));
  })
  .post("/leave", async (c) => {
    const user = signedInUser(c);
    const db = c.var.db();
    if (!(await leaveTeam(db, { userId: user.id }))) {
      throw new AppError(409, "not_team_member", "You are not part of a team.");
    }
    return c.json(await teamViewOf(db, { userId: user.id, email: user.email, now: new Date() }));
  })
  .post("/notice/dismiss", async (c) => {
    await dismissTeamNotice(c.var.db(), { userId: signedInUser(c).id });
    return c.json({ ok: true as const });
  });
