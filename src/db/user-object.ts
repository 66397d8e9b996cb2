// Assembles the session user object from the user's preferences, subscription and usage rows.
import { cleanModelsConfiguration, type ModelAvailability } from "../domain/models";
import { userPlanOf } from "../domain/plans";
import { isMemberRow } from "../domain/team";
import type { AssistantsConfiguration, User } from "../domain/user";
import { subscriptionSummary } from "./account-summary";
import type { Database } from "./client";
import { findPreferences } from "./preferences";
import { findTeamNotice } from "./team";
import { usageAndPool } from "./team-usage";

export async function loadUser(
  db: Database,
  { userId, email, now, models }: { userId: number; email: string; now: Date; models: ModelAvailability },
): Promise<User> {
  // The pool is counted for everyone, as the quota gate counts it (src/db/quota.ts), so the client shows what
  // is enforced: an admin whose members are all gone still has their requests in it.
  const [preferences, subscriptions, usage, teamNotice] = await Promise.all([
    findPreferences(db, { userId }),
    subscriptionSummary(db, { userId }),
    usageAndPool(db, { userId, now }),
    findTeamNotice(db, { userId }),
  ]);
  const { own, admin, hasMembers } = subscriptions;
  const isMember = isMemberRow(own, userId);
  return {
    id: userId,
    email,
    usagePlan: userPlanOf(own, admin),
    usageCounts: usage.own,
    modelsConfiguration: cleanModelsConfiguration(preferences?.modelsConfiguration ?? null),
    models,
    assistantsConfiguration: (preferences?.assistantsConfiguration as AssistantsConfiguration | null) ?? null,
    lastReleaseNoteDateChecked: preferences?.lastReleaseNoteDateChecked?.toISOString() ?? null,
    hasSeenOnboardingTips: preferences?.hasSeenOnboardingTips ?? false,
    // A team admin manages seats: others name them as admin, or their own (non-member) row buys several.
    isTeamAdmin: hasMembers || (!isMember && (own?.quantity ?? 0) > 1),
    seats: (isMember ? admin?.quantity : own?.quantity) ?? 1,
    pooledUsageCounts: usage.pooled,
    isTeamMember: isMember,
    teamNotice,
  };
}
