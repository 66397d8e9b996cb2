// A public API call's key and quota in one statement: the key's own round trip saved before the provider.
import { type SQL, sql } from "drizzle-orm";
import { apiKey, user } from "../../drizzle/schema";
import { liveApiKey } from "./api-keys";
import type { Statements } from "./client";
import {
  type QuotaDecision,
  type QuotaRow,
  quotaDecisionOf,
  reserveUsageCall,
  type UsageRequest,
} from "./quota";
import { firstRowViaFunction } from "./statement-functions";

export interface ApiKeyRequest {
  /** The presented key's digest (never the key). */
  hash: string;
  now: Date;
  /** The request to count against the key owner's quota and the key's own rates. */
  usage: Omit<UsageRequest, "userId" | "ratedAs" | "now">;
}

/**
 * Marks the live key used (`liveApiKey`, as `findLiveApiKey` does) and reserves the request for that key's
 * owner and rates with `hot.reserve_usage`. No row: no such key, nothing counted.
 */
export function apiKeyRequestStatement({ hash, now, usage }: ApiKeyRequest): SQL {
  return sql`with k as materialized (
      update ${apiKey} set ${sql.identifier(apiKey.lastUsedAt.name)} = ${now.toISOString()}::timestamptz
      from ${user}
      where ${liveApiKey(hash)}
      returning ${apiKey.id} as key_id, ${apiKey.userId} as key_user, ${apiKey.hash} as key_hash)
    select k.key_id, k.key_user, k.key_hash, r.*
    from k cross join lateral ${reserveUsageCall({ ...usage, now }, sql`k.key_user`, sql`k.key_id`)} r`;
}

export type ApiKeyRequestRow = QuotaRow & {
  key_id: string | number;
  key_user: string | number;
  key_hash: string;
};

/** The key it found (null: none) and, for a key, the quota's decision. */
export async function reserveForApiKey(
  db: Statements,
  input: ApiKeyRequest,
): Promise<{ key: { id: number; userId: number; hash: string }; decision: QuotaDecision } | null> {
  const row = await firstRowViaFunction<ApiKeyRequestRow>(db, apiKeyRequestStatement(input));
  if (!row) return null;
  return {
    key: { id: Number(row.key_id), userId: Number(row.key_user), hash: row.key_hash },
    decision: quotaDecisionOf(row),
  };
}
