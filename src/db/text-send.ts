// A text send as one statement: what its answer reads, the quota gate, and the exchange.
import { type SQL, sql } from "drizzle-orm";
import { chat } from "../../drizzle/schema";
import { takenReservation } from "./chat-reservation";
import type { ChatRow } from "./chats";
import type { Statements } from "./client";
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
  newAssistantChat,
  ownChat,
  type SendContext,
  sendContextOf,
} from "./send-context";
import { type Sender, senderColumn, senderCte, senderId, settleSender } from "./session-check";
import { firstRowViaFunction } from "./statement-functions";

export interface TextSend {
  /** What the answer is made of, as it was before this send (the statement reads one snapshot). */
  context: SendContext;
  decision: QuotaDecision;
  /** The chat marked active, and the exchange: null when the quota refused. */
  chat: ChatRow | null;
  recorded: RecordedExchange | null;
}

export type TextSendInput = Sender & {
  target: { chatId: number } | { assistantId: number };
  usage: Omit<UsageRequest, "userId">;
  content: string | null;
  model: string;
  limit: number;
};

/** `recordTextSend`'s statement (src/db/statement-functions.ts runs it as the database's own function). */
export function textSendStatement(input: TextSendInput): SQL {
  const userId = senderId(input);
  // A new chat takes the id reserved while its screen was open (chat-reservation.ts).
  const reservation = takenReservation(userId, !("chatId" in input.target));
  const found =
    "chatId" in input.target
      ? ownChat({ userId, chatId: input.target.chatId })
      : newAssistantChat({ userId, assistantId: input.target.assistantId });
  const target =
    "chatId" in input.target
      ? sql`update ${chat} set "updatedAt" = now(), model = ${input.model}
          where ${chat.id} = (select id from c) and (select outcome from q) = 'ok'
          returning *`
      : sql`insert into ${chat} (id, "user", "assistantId", model)
          select ${reservation.chatId}, c."user", c."assistantId", ${input.model} from c
          where (select outcome from q) = 'ok'
          returning *`;
  return sql`
    with ${senderCte(input)}
    c as (${found}),
    q as materialized (select r.* from c, lateral ${reserveUsageCall(input.usage, sql`c."user"`)} r),${reservation.cte}
    target as (${target}),
    ins as (${exchangeInsert(input)})
    select (select to_jsonb(q) from q) as quota, (select to_jsonb(target) from target) as updated,
      (select jsonb_agg(to_jsonb(ins) - 'search' order by ins.id) from ins) as messages,
      ${contextColumns({ userId, attachmentIds: [], limit: input.limit })}${senderColumn(input)}`;
}

/**
 * One round trip for the commonest sends: a text message to an existing chat, or the first one of a new chat
 * in one of the user's assistants. It reads the chat (or the assistant), the preprompt, the history and the
 * files; it reserves the quota (only for a chat or assistant that is the user's) and, when the quota lets the
 * request through, marks the chat active (or makes it) and records both messages. Null when the chat or the
 * assistant is not the user's: nothing is counted or recorded then. The request is counted in
 * `usage.category` as the caller guessed it before seeing the conversation's files. A sender given as a
 * session is checked in the same statement (src/db/session-check.ts): the session's round trip is saved.
 */
export async function recordTextSend(db: Statements, input: TextSendInput): Promise<TextSend | null> {
  const newChat = !("chatId" in input.target);
  const row = await firstRowViaFunction<
    ContextColumns & {
      quota: QuotaRow | null;
      updated: Record<string, unknown> | null;
      messages: Record<string, unknown>[] | null;
      session?: Record<string, unknown> | null;
    }
  >(db, textSendStatement(input));
  settleSender(input, row);
  const context = row ? sendContextOf(row, [], { newChat }) : null;
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
