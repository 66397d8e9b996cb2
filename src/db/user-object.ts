// Assembles the session user object from the user's preferences, subscription and usage rows.
import { sql } from "drizzle-orm";
import { subscription, teamNotice, userPreferences } from "../../drizzle/schema";
import { cleanModelsConfiguration, type ModelAvailability, type ModelsConfiguration } from "../domain/models";
import { userPlanOf } from "../domain/plans";
import { isMemberRow } from "../domain/team";
import type { AssistantsConfiguration, User } from "../domain/user";
import { type OwnSubscriptionRow, summaryFrom } from "./account-summary";
import { firstRow, type Statements } from "./client";
import { type Sender, senderColumn, senderCte, senderId, settleSender } from "./session-check";
import { usageCounts, usageCountsQuery } from "./team-usage";

/**
 * The session user object, read in one statement over the HTTP endpoint that checks a deferred session too:
 * the preferences, the subscription with its admin's, whether others name the user as admin, the usage counts
 * and the team notice. `settleSender` refuses first (401, 403); `signedIn` then names the user it found.
 */
export async function loadUser(
  db: Statements,
  {
    sender,
    signedIn,
    now,
    models,
  }: { sender: Sender; signedIn: () => { id: number; email: string }; now: Date; models: ModelAvailability },
): Promise<User> {
  const me = sql`(select id from me)`;
  // The pool is counted for everyone, as the quota gate counts it (src/db/quota.ts), so the client shows what
  // is enforced: an admin whose members are all gone still has their requests in it.
  const row = await firstRow<{
    preferences: Record<string, unknown> | null;
    subscription: OwnSubscriptionRow | null;
    hasMembers: boolean;
    usage: Record<string, unknown>[];
    teamNotice: { adminEmail: string; createdAt: string } | null;
    session?: Record<string, unknown> | null;
  }>(
    db,
    sql`with ${senderCte(sender)} me as (select ${senderId(sender)} as id)
      select
        (select to_jsonb(p) from ${userPreferences} p where p."userId" = ${me}) as preferences,
        (select to_jsonb(x) from (
          select s."userId", s."adminUserId", s.amount, s.ok, s.quantity,
            a.amount as "adminAmount", a.ok as "adminOk", a.quantity as "adminQuantity"
          from ${subscription} s
            left join ${subscription} a on a."userId" = s."adminUserId" and a."userId" <> s."userId"
          where s."userId" = ${me} limit 1) x) as subscription,
        exists (select 1 from ${subscription} m where m."adminUserId" = ${me} and m."userId" <> ${me})
          as "hasMembers",
        (select coalesce(jsonb_agg(to_jsonb(u)), '[]'::jsonb) from (${usageCountsQuery(me, now)}) u) as usage,
        (select to_jsonb(n) from ${teamNotice} n where n."userId" = ${me}) as "teamNotice"
        ${senderColumn(sender)}`,
  );
  settleSender(sender, row);
  const { id: userId, email } = signedIn();
  const preferences = row?.preferences ?? null;
  const { own, admin, hasMembers } = summaryFrom(row?.subscription ?? null, row?.hasMembers === true);
  const usage = usageCounts(row?.usage ?? []);
  const notice = row?.teamNotice ?? null;
  const isMember = isMemberRow(own, userId);
  const releaseNote = preferences?.lastReleaseNoteDateChecked;
  return {
    id: userId,
    email,
    usagePlan: userPlanOf(own, admin),
    usageCounts: usage.own,
    modelsConfiguration: cleanModelsConfiguration(
      (preferences?.modelsConfiguration as ModelsConfiguration | null | undefined) ?? null,
    ),
    models,
    assistantsConfiguration: (preferences?.assistantsConfiguration as AssistantsConfiguration | null) ?? null,
    lastReleaseNoteDateChecked: releaseNote ? new Date(String(releaseNote)).toISOString() : null,
    hasSeenOnboardingTips: preferences?.hasSeenOnboardingTips === true,
    // A team admin manages seats: others name them as admin, or their own (non-member) row buys several.
    isTeamAdmin: hasMembers || (!isMember && (own?.quantity ?? 0) > 1),
    seats: (isMember ? admin?.quantity : own?.quantity) ?? 1,
    pooledUsageCounts: usage.pooled,
    isTeamMember: isMember,
    teamNotice: notice
      ? { kind: "removed", adminEmail: notice.adminEmail, at: new Date(notice.createdAt).toISOString() }
      : null,
  };
}
