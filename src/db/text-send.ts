// A text send to an existing chat as one statement: what its answer reads, the quota gate, and the exchange.
import { sql } from "drizzle-orm";
import { chat } from "../../drizzle/schema";
import type { ChatRow } from "./chats";
import type { Database } from "./client";
import { exchangeInsert, exchangeOf, type RecordedExchange } from "./exchange";
import { chatFromJson } from "./json-rows";
import {
  type QuotaDecision,
  type QuotaRow,
  quotaDecisionOf,
  reserveUsageCall,
  type UsageRequest,
} from "./quota";
import {
  type ContextColumns,
  contextColumns,
  ownChat,
  type SendContext,
  sendContextOf,
} from "./send-context";

export interface TextSend {
  /** What the answer is made of, as it was before this send (the statement reads one snapshot). */
  context: SendContext;
  decision: QuotaDecision;
  /** The chat marked active, and the exchange: null when the quota refused. */
  chat: ChatRow | null;
  recorded: RecordedExchange | null;
}

/**
 * One round trip for the commonest send: the chat, its assistant's preprompt, history and files, the quota
 * gate (only for a chat that is the user's) and, when it lets the request through, the chat marked active and
 * both messages. Null when the chat is not the user's: nothing is counted or recorded then. The request is
 * counted in `usage.category` as the caller guessed it before seeing the conversation's files.
 */
export async function recordTextSend(
  db: Database,
  input: {
    userId: number;
    chatId: number;
    usage: UsageRequest;
    content: string | null;
    model: string;
    limit: number;
  },
): Promise<TextSend | null> {
  const result = await db.execute<
    ContextColumns & {
      quota: QuotaRow | null;
      updated: Record<string, unknown> | null;
      messages: Record<string, unknown>[] | null;
    }
  >(sql`
    with c as (${ownChat(input)}),
    q as materialized (select r.* from c, lateral ${reserveUsageCall(input.usage, sql`c."user"`)} r),
    target as (
      update ${chat} set "updatedAt" = now(), model = ${input.model}
      where ${chat.id} = (select id from c) and (select outcome from q) = 'ok'
      returning *),
    ins as (${exchangeInsert(input)})
    select (select to_jsonb(q) from q) as quota, (select to_jsonb(target) from target) as updated,
      (select jsonb_agg(to_jsonb(ins) - 'search' order by ins.id) from ins) as messages,
      ${contextColumns({ userId: input.userId, attachmentIds: [], limit: input.limit })}`);
  const row = result.rows[0];
  const context = row ? sendContextOf(row, []) : null;
  if (!row?.quota || !context) return null;
  const recorded = exchangeOf(row.messages, input.content);
  const chatRow = row.updated && recorded ? chatFromJson(row.updated) : null;
  return {
    context,
    decision: quotaDecisionOf(row.quota),
    chat: chatRow,
    recorded: chatRow ? recorded : null,
  };
}
