// Announced model shutdowns: which API model id a catalogue entry calls on a given day (UTC).
import type { ModelEntry, Provider } from "./types.ts";

export interface Retirement {
  /** Shutdown day, YYYY-MM-DD in UTC: from that day on the provider refuses the id. */
  on: string;
  /** The provider's model id that answers in its place from that day. */
  successor: string;
}

// Keyed by the provider's API model id, not by our key: several entries call the same id (gpt-5 plain,
// Thinking and Web), a retirement is the provider's fact about that id, and the catalogue's shape (SPEC §3)
// stays as it is. Keys stay in the catalogue because chats store them; only the id sent upstream changes.
//
// OpenAI: shutdown dates from the openai SDK 7.57.0 ChatModel doc comment (generated from OpenAI's API spec),
// replacements from developers.openai.com/api/docs/deprecations (2026-11): gpt-5 → gpt-6.1-sol, gpt-5-mini →
// gpt-6.1-terra, gpt-5-nano → GPT-6 Luna (gpt-6-luna, the only GPT-6 Luna id the SDK knows), GPT-4o and
// GPT-4.1 (mini too) → gpt-6-luna. Where the page's row names an older tier (o1 and o3 → Sol, o4-mini →
// Terra, as copies of the page from October 2026 read) the current model of that tier is used. The page
// names no replacement for gpt-5.1 in what we could read: GPT-6.1 Sol, the Sol tier, is our choice.
const GPT_5_SHUTDOWN = "2026-12-11";
const GPT_4_SHUTDOWN = "2027-01-14";

const OPENAI: Readonly<Record<string, Retirement>> = {
  o1: { on: "2026-10-23", successor: "gpt-6.1-sol" },
  "o4-mini": { on: "2026-10-23", successor: "gpt-6.1-terra" },
  "gpt-4.1-nano": { on: "2026-10-23", successor: "gpt-6-luna" },
  "gpt-5": { on: GPT_5_SHUTDOWN, successor: "gpt-6.1-sol" },
  "gpt-5-mini": { on: GPT_5_SHUTDOWN, successor: "gpt-6.1-terra" },
  "gpt-5-nano": { on: GPT_5_SHUTDOWN, successor: "gpt-6-luna" },
  o3: { on: GPT_5_SHUTDOWN, successor: "gpt-6.1-sol" },
  "gpt-4.1": { on: GPT_4_SHUTDOWN, successor: "gpt-6-luna" },
  "gpt-4.1-mini": { on: GPT_4_SHUTDOWN, successor: "gpt-6-luna" },
  "gpt-4o": { on: GPT_4_SHUTDOWN, successor: "gpt-6-luna" },
  "gpt-4o-mini": { on: GPT_4_SHUTDOWN, successor: "gpt-6-luna" },
  "gpt-5.1": { on: "2027-04-01", successor: "gpt-6.1-sol" },
};

const RETIREMENTS: Partial<Record<Provider, Readonly<Record<string, Retirement>>>> = { openai: OPENAI };

type Called = Pick<ModelEntry, "provider" | "providerModel">;

/** The announced shutdown of the API model an entry calls, if any. */
export function retirementOf(model: Called): Retirement | undefined {
  const table = RETIREMENTS[model.provider];
  return table && Object.hasOwn(table, model.providerModel) ? table[model.providerModel] : undefined;
}

/** Whether `now` is on or after the shutdown day (UTC) of the API model the entry calls. */
export function isRetiredAt(model: Called, now: Date): boolean {
  const retirement = retirementOf(model);
  return retirement !== undefined && now.getTime() >= Date.parse(`${retirement.on}T00:00:00Z`);
}

/**
 * The API model id to call at `now`: the entry's own until its shutdown day, its successor from that day on
 * (and that successor's successor, should it retire too), so nothing changes before the day and nothing
 * breaks on it.
 */
export function providerModelAt(model: Called, now: Date): string {
  let current: Called = model;
  // A handful of hops at most; the bound only guards against a cycle in the table.
  for (let hop = 0; hop < 8 && isRetiredAt(current, now); hop++) {
    current = { provider: model.provider, providerModel: retirementOf(current)?.successor ?? "" };
  }
  return current.providerModel;
}
