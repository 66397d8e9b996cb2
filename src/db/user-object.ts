// Assembles the session user object from the user's preferences, subscription and usage rows.
import { cleanModelsConfiguration, type ModelAvailability } from "../domain/models";
import { userPlanOf } from "../domain/plans";
import { isMemberRow } from "../domain/team";
import type { AssistantsConfiguration, User } from "../domain/user";
import { subscriptionSummary, usageCounts } from "./account-summary";
import type { Database } from "./client";
import { findPreferences } from "./preferences";
import { findTeamNotice } from "./team";
import { pooledUsageCounts } from "./team-usage";

export async function loadUser(
  db: Database,
  { userId, email, now, models }: { userId: number; email: string; now: Date; models: ModelAvailability },
): Promise<User> {
  const [preferences, subscriptions, counts, teamNotice] = await Promise.all([
    findPreferences(db, { userId }),
    subscriptionSummary(db, { userId }),
    usageCounts(db, { userId, now }),
    findTeamNotice(db, { userId }),
  ]);
  const { own, admin, hasMembers } = subscriptions;
  const isMember = isMemberRow(own, userId);
  const ownerId = isMember ? own.adminUserId : userId;
  // The same team and seats as the quota gate (src/db/quota.ts), so the client shows what is enforced.
  const pooled = isMember || hasMembers ? await pooledUsageCounts(db, { userId, ownerId, now }) : counts;
  return {
    id: userId,
    email,
    usagePlan: userPlanOf(own, admin),
    usageCounts: counts,
    modelsConfiguration: cleanModelsConfiguration(preferences?.modelsConfiguration ?? null),
    models,
    assistantsConfiguration: (preferences?.assistantsConfiguration as AssistantsConfiguration | null) ?? null,
    lastReleaseNoteDateChecked: preferences?.lastReleaseNoteDateChecked?.toISOString() ?? null,
    hasSeenOnboardingTips: preferences?.hasSeenOnboardingTips ?? false,
    // A team admin manages seats: others name them as admin, or their own (non-member) row buys several.
    isTeamAdmin: hasMembers || (!isMember && (own?.quantity ?? 0) > 1),
    seats: (isMember ? admin?.quantity : own?.quantity) ?? 1,
    pooledUsageCounts: pooled,
    isTeamMember: isMember,
    teamNotice,
  };
}
