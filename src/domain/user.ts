// The session user object of SPEC §3, as GET /api/login/user returns it.
import type { ModelAvailability } from "./models/availability.ts";
import type { ModelsConfiguration } from "./models/configuration.ts";
import type { Plan } from "./plans.ts";
import type { TeamNotice } from "./team.ts";
import type { UsageCounts } from "./usage.ts";

/** Stored as the client sent it (a JSON object or array); its shape is the assistants screens' business. */
export type AssistantsConfiguration = Record<string, unknown> | unknown[];

export interface User {
  id: number;
  email: string;
  usagePlan: Plan;
  /** Requests per quota category within each category's window (SPEC §9). */
  usageCounts: UsageCounts;
  /** Cleaned against the catalogue: unknown or retired models dropped, new ones appended. */
  modelsConfiguration: ModelsConfiguration;
  /** What this deployment offers (the picker shows nothing else) and which providers are local stand-ins. */
  models: ModelAvailability;
  assistantsConfiguration: AssistantsConfiguration | null;
  /** ISO date of the last release note dismissed, or null. */
  lastReleaseNoteDateChecked: string | null;
  hasSeenOnboardingTips: boolean;
  isTeamAdmin: boolean;
  /** Beyond SPEC §3 (issue #18): the seats of the plan's subscription, SPEC §4's limit multiplier. */
  seats: number;
  /** The counts the quota compares with limit × seats: the whole team's for a member or an admin. */
  pooledUsageCounts: UsageCounts;
  /** Whether a team's admin owns the plan (the user is one of its members). */
  isTeamMember: boolean;
  /** Why the user lost their team seat, until they dismiss it or join again. */
  teamNotice: TeamNotice | null;
}
