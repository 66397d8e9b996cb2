// Recording an exchange: the user's message and the empty answer the stream will fill, and the chat marked active.
import { and, eq, type SQL, sql } from "drizzle-orm";
import { chat, message } from "../../drizzle/schema";
import { DOCUMENTS_TOTAL_LIMIT, documentsTotal } from "../domain/files";
import { AppError, notFound } from "../errors";
import { type AttachmentRow, conversationFiles, linkToMessage } from "./attachments";
import { carryFiles } from "./carried-files";
import { takenReservation } from "./chat-reservation";
import type { ChatRow } from "./chats";
import type { Database, Statements } from "./client";
import { chatFromJson, messageFromJson } from "./json-rows";
import type { MessageRow } from "./messages";
import {
  type QuotaDecision,
  type QuotaRow,
  quotaDecisionOf,
  reserveUsageCall,
  type UsageRequest,
} from "./quota";
import { type Sender, senderColumn, senderCte, senderId, senderRow, settleSender } from "./session-check";
import { firstRowViaFunction } from "./statement-functions";

export interface RecordedExchange {
  userMessage: MessageRow | null;
  modelMessage: MessageRow;
  attachments: AttachmentRow[];
  /** An edit's files taken from the question it replaces: an undo gives them back there. */
  carried?: Carry;
}

/** An edit: the question being replaced, and which of its files the new version keeps. */
export interface Carry {
  fromMessageId: number;
  ids: readonly string[];
}

/**
 * Records the user's message (none when regenerating) with the files sent with it and an empty model
 * message, and marks the chat active, in one transaction: a file that is not the user's own unsent upload
 * (404), or documents over the conversation's total (SPEC §5), and nothing is recorded. An edit's question
 * takes the files it keeps from the question it replaces (`carry`), and the files left behind no longer count.
 */
export async function recordExchange(
  db: Database,
  input: {
    userId: number;
    chatId: number;
    content: string | null;
    model: string;
    attachmentIds?: readonly string[];
    /** The chat's assistant as the caller read it: its files count towards the documents total. */
    assistantId: number | null;
    carry?: Carry;
  },
): Promise<RecordedExchange> {
  const ids = [...new Set(input.attachmentIds ?? [])];
  return db.transaction(async (tx) => {
    const owned = await tx
      .update(chat)
      .set({ updatedAt: new Date(), model: input.model })
      .where(and(eq(chat.id, input.chatId), eq(chat.user, input.userId)))
      .returning({ id: chat.id, assistantId: chat.assistantId });
    const ownChat = owned[0];
    if (!ownChat) throw new Error("recordExchange: chat not owned");
    let userMessage: MessageRow | null = null;
    let attachments: AttachmentRow[] = [];
    if (input.content !== null) {
      const [inserted] = await tx
        .insert(message)
        .values({ chat: input.chatId, content: input.content, metadata: { role: "user" }, model: null })
        .returning();
      userMessage = inserted ?? null;
      if (userMessage && input.carry?.ids.length) {
        const { fromMessageId, ids: kept } = input.carry;
        const moved = await carryFiles(tx, {
          userId: input.userId,
          ids: kept,
          fromMessageId,
          toMessageId: userMessage.id,
        });
        if (moved.length !== new Set(kept).size) throw notFound("No such attachment.");
        attachments = moved;
      }
      if (userMessage && ids.length > 0) {
        const linked = await linkToMessage(tx, { userId: input.userId, messageId: userMessage.id, ids });
        if (linked.length !== ids.length) throw notFound("No such attachment.");
        attachments = [...attachments, ...linked];
      }
    }
    // The conversation's documents, these included, must fit (SPEC §5); only a send that adds files or
    // talks to an assistant (whose files count too) can change the total.
    if (attachments.length > 0 || ownChat.assistantId !== null) {
      const files = await conversationFiles(tx, {
        userId: input.userId,
        chatId: input.chatId,
        assistantId: ownChat.assistantId,
        replaced:
          input.carry && userMessage
            ? { fromId: input.carry.fromMessageId, beforeId: userMessage.id }
            : undefined,
      });
      if (documentsTotal(files) > DOCUMENTS_TOTAL_LIMIT) {
        throw new AppError(
          413,
          "documents_too_large",
          `The documents of this conversation would exceed ${DOCUMENTS_TOTAL_LIMIT} bytes.`,
        );
      }
    }
    const [modelMessage] = await tx
      .insert(message)
      .values({
        chat: input.chatId,
        content: "",
        metadata: { role: "assistant", done: false },
        model: input.model,
      })
      .returning();
    if (!modelMessage) throw new Error("recordExchange: insert returned nothing");
    const carried = input.carry?.ids.length ? input.carry : undefined;
    return { userMessage, modelMessage, attachments, ...(carried ? { carried } : {}) };
  });
}

export type ReserveAndRecordInput = Sender & {
  usage: Omit<UsageRequest, "userId">;
  /** An existing chat of the user's, or a new one under this assistant (null: the default). */
  target: { chatId: number } | { assistantId: number | null };
  content: string | null;
  model: string;
};

/** `reserveAndRecord`'s statement (src/db/statement-functions.ts runs it as the database's own function). */
export function reserveAndRecordStatement(input: ReserveAndRecordInput): SQL {
  const { model } = input;
  const userId = senderId(input);
  // A new chat takes the id reserved while its screen was open (chat-reservation.ts).
  const reservation = takenReservation(userId, !("chatId" in input.target));
  const target =
    "chatId" in input.target
      ? sql`update ${chat} set "updatedAt" = now(), model = ${model}
          where ${chat.id} = ${input.target.chatId} and ${chat.user} = ${userId}
            and (select outcome from q) = 'ok'
          returning *`
      : sql`insert into ${chat} (id, "user", "assistantId", model)
          select ${reservation.chatId}, ${userId}, ${input.target.assistantId}, ${model} from q
          where q.outcome = 'ok'
          returning *`;
  return sql`
    with ${senderCte(input)}
    q as materialized (select r.* from ${senderRow(input)}, lateral ${reserveUsageCall(input.usage, sql`v.id`)} r),${reservation.cte}
    target as (${target}),
    ins as (${exchangeInsert(input)})
    select (select to_jsonb(q) from q) as quota, (select to_jsonb(target) from target) as chat,
      (select jsonb_agg(to_jsonb(ins) - 'search' order by ins.id) from ins) as messages${senderColumn(input)}`;
}

/**
 * The common send as one statement, one round trip: the quota gate (hot.reserve_usage) and, only when it
 * lets the request through, the chat (made for this send, or the user's own marked active) and both
 * messages. A refusal records
 * nothing; so does a chat that is not the user's (`recorded` null while the quota is taken: the caller
 * gives it back). A sender given as a session is checked in the same statement (src/db/session-check.ts).
 */
export async function reserveAndRecord(
  db: Statements,
  input: ReserveAndRecordInput,
): Promise<{ decision: QuotaDecision; chat: ChatRow | null; recorded: RecordedExchange | null }> {
  const row = await firstRowViaFunction<{
    quota: QuotaRow | null;
    chat: Record<string, unknown> | null;
    messages: Record<string, unknown>[] | null;
    session?: Record<string, unknown> | null;
  }>(db, reserveAndRecordStatement(input));
  settleSender(input, row);
  if (!row?.quota) throw new Error("reserveAndRecord: no quota row");
  const decision = quotaDecisionOf(row.quota);
  const recorded = exchangeOf(row.messages, input.content);
  if (!row.chat || !recorded) return { decision, chat: null, recorded: null };
  return { decision, chat: chatFromJson(row.chat), recorded };
}

/**
 * Both messages into the chat of the statement's CTE `target` (none when it has no row), the question's id
 * before the answer's: the rows are inserted in that order.
 */
export const exchangeInsert = ({ content, model }: { content: string | null; model: string }): SQL => sql`
      insert into ${message} (chat, content, metadata, model)
      select target.id, v.content, v.metadata, v.model
      from target cross join (values
        (1, ${content ?? ""}, ${JSON.stringify({ role: "user" })}::jsonb, null::varchar),
        (2, '', ${JSON.stringify({ role: "assistant", done: false })}::jsonb, ${model}::varchar)
      ) as v(n, content, metadata, model)
      where v.n = 2 or ${content !== null}
      order by v.n
      returning *`;

/** The exchange out of the inserted rows (to_jsonb of `exchangeInsert`'s), or null when none was. */
export function exchangeOf(
  inserted: Record<string, unknown>[] | null,
  content: string | null,
): RecordedExchange | null {
  const rows = (inserted ?? []).map(messageFromJson);
  const modelMessage = rows.at(-1);
  if (!modelMessage) return null;
  return { userMessage: content === null ? null : (rows[0] ?? null), modelMessage, attachments: [] };
}
