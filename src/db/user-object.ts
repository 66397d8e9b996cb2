// Assembles the session user object from the user's preferences, subscription and usage rows, in one statement.
import { sql } from "drizzle-orm";
import { subscription, teamNotice, usage, userPreferences } from "../../drizzle/schema";
import { cleanModelsConfiguration, type ModelAvailability } from "../domain/models";
import type { MembershipSource, PlanSource } from "../domain/plans";
import { userPlanOf } from "../domain/plans";
import { emptyUsageCounts, USAGE_CATEGORIES, type UsageCounts } from "../domain/usage";
import type { AssistantsConfiguration, User } from "../domain/user";
import type { Database } from "./client";
import { inWindows } from "./team-usage";

type Json = Record<string, unknown>;
type Subscription = MembershipSource & PlanSource & { quantity: number };

/**
 * Every request of the app's first screen asks for this, so its reads are one round trip: preferences, the
 * user's subscription row and their admin's, whether others name them as admin, their own usage counts and the
 * team's pooled ones (counted as the quota gate counts them, src/db/quota.ts), and a team notice.
 */
export async function loadUser(
  db: Database,
  { userId, email, now, models }: { userId: number; email: string; now: Date; models: ModelAvailability },
): Promise<User> {
  const countsWhere = (who: ReturnType<typeof sql>) => sql`
      (select jsonb_object_agg(category, n) from (
        select ${usage.category} as category, count(*)::int as n from ${usage}
        where ${who} and ${inWindows(now)} group by ${usage.category}) x)`;
  const result = await db.execute<{
    preferences: Json | null;
    own: Json | null;
    admin: Json | null;
    has_members: boolean;
    counts: Record<string, number> | null;
    pooled: Record<string, number> | null;
    notice: Json | null;
  }>(sql`
    with own as (select * from ${subscription} where ${subscription.userId} = ${userId} limit 1),
    admin as (
      select a.* from ${subscription} a join own on a."userId" = own."adminUserId" and a."userId" <> own."userId"),
    owner as (select coalesce(
      (select "adminUserId" from own where "adminUserId" <> "userId"), ${userId}::bigint) as id),
    team as (
      select s."userId" from ${subscription} s, owner where s."userId" = owner.id or s."adminUserId" = owner.id)
    select
      (select to_jsonb(p) from ${userPreferences} p where p."userId" = ${userId}) as preferences,
      (select to_jsonb(own) from own) as own,
      (select to_jsonb(admin) from admin) as admin,
      exists (select 1 from ${subscription} m where m."adminUserId" = ${userId} and m."userId" <> ${userId})
        as has_members,
      ${countsWhere(sql`${usage.userId} = ${userId}`)} as counts,
      ${countsWhere(sql`(${usage.userId} = ${userId} or ${usage.userId} in (select "userId" from team))`)} as pooled,
      (select to_jsonb(t) from ${teamNotice} t where t."userId" = ${userId}) as notice`);
  const row = result.rows[0];
  if (!row) throw new Error("loadUser: no row");
  const preferences = row.preferences;
  const own = row.own as Subscription | null;
  const admin = row.admin as Subscription | null;
  const hasMembers = row.has_members;
  const isMember = own !== null && own.adminUserId !== null && own.adminUserId !== own.userId;
  const counts = countsOf(row.counts);
  const lastChecked = preferences?.lastReleaseNoteDateChecked;
  return {
    id: userId,
    email,
    usagePlan: userPlanOf(own, admin),
    usageCounts: counts,
    modelsConfiguration: cleanModelsConfiguration(
      (preferences?.modelsConfiguration ?? null) as Parameters<typeof cleanModelsConfiguration>[0],
    ),
    models,
    assistantsConfiguration: (preferences?.assistantsConfiguration as AssistantsConfiguration | null) ?? null,
    lastReleaseNoteDateChecked: typeof lastChecked === "string" ? new Date(lastChecked).toISOString() : null,
    hasSeenOnboardingTips: preferences?.hasSeenOnboardingTips === true,
    // A team admin manages seats: others name them as admin, or their own (non-member) row buys several.
    isTeamAdmin: hasMembers || (!isMember && (own?.quantity ?? 0) > 1),
    seats: (isMember ? admin?.quantity : own?.quantity) ?? 1,
    // The same team and seats as the quota gate, so the client shows what is enforced.
    pooledUsageCounts: isMember || hasMembers ? countsOf(row.pooled) : counts,
    isTeamMember: isMember,
    teamNotice: row.notice
      ? {
          kind: "removed",
          adminEmail: String(row.notice.adminEmail),
          at: new Date(String(row.notice.createdAt)).toISOString(),
        }
      : null,
  };
}

function countsOf(rows: Record<string, number> | null): UsageCounts {
  const counts = emptyUsageCounts();
  for (const category of USAGE_CATEGORIES) counts[category] = rows?.[category] ?? 0;
  return counts;
}
