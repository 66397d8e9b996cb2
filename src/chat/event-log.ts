// The Durable Object's SQLite: the current generation and its events, the source of truth for replay.
import type { StreamEvent, StreamOutcome } from "../domain/chat/stream-events";

export type GenerationStatus = "running" | "finalizing" | "finished";

export interface GenerationRow {
  id: string;
  chatId: number;
  userId: number;
  messageId: number;
  model: string;
  status: GenerationStatus;
  outcome: StreamOutcome | null;
  startedAt: number;
}

export interface LoggedEvent {
  seq: number;
  event: StreamEvent;
}

/** One chat's log. Only the latest generation is kept: an older one is already in Postgres. */
export class EventLog {
  private readonly sql: SqlStorage;

  /** Whether this object's tables exist: a new chat's object makes them with its first generation. */
  private created: boolean;

  constructor(sql: SqlStorage) {
    this.sql = sql;
    // Only read here: a write (even CREATE TABLE IF NOT EXISTS) would hold the object's outgoing requests
    // until confirmed, and a new chat's first provider request leaves right after the constructor.
    this.created =
      sql
        .exec<{ n: number }>(
          "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('generation', 'event')",
        )
        .one().n === 2;
  }

  private create(): void {
    if (this.created) return;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS generation (
      slot INTEGER PRIMARY KEY CHECK (slot = 1),
      id TEXT NOT NULL, chat_id INTEGER NOT NULL, user_id INTEGER NOT NULL, message_id INTEGER NOT NULL,
      model TEXT NOT NULL, status TEXT NOT NULL, outcome TEXT, started_at INTEGER NOT NULL)`);
    // AUTOINCREMENT: event ids never repeat across generations, so a stale Last-Event-ID cannot skip events.
    this.sql.exec(`CREATE TABLE IF NOT EXISTS event (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, generation_id TEXT NOT NULL, data TEXT NOT NULL)`);
    this.created = true;
  }

  current(): GenerationRow | null {
    if (!this.created) return null;
    const row = this.sql
      .exec<{
        id: string;
        chat_id: number;
        user_id: number;
        message_id: number;
        model: string;
        status: GenerationStatus;
        outcome: StreamOutcome | null;
        started_at: number;
      }>("SELECT * FROM generation WHERE slot = 1")
      .toArray()[0];
    if (!row) return null;
    return {
      id: row.id,
      chatId: row.chat_id,
      userId: row.user_id,
      messageId: row.message_id,
      model: row.model,
      status: row.status,
      outcome: row.outcome,
      startedAt: row.started_at,
    };
  }

  begin(g: Omit<GenerationRow, "status" | "outcome">): void {
    this.create();
    this.sql.exec("DELETE FROM event");
    this.sql.exec(
      `INSERT INTO generation (slot, id, chat_id, user_id, message_id, model, status, outcome, started_at)
       VALUES (1, ?, ?, ?, ?, ?, 'running', NULL, ?)
       ON CONFLICT(slot) DO UPDATE SET id = excluded.id, chat_id = excluded.chat_id, user_id = excluded.user_id,
         message_id = excluded.message_id, model = excluded.model, status = 'running', outcome = NULL,
         started_at = excluded.started_at`,
      g.id,
      g.chatId,
      g.userId,
      g.messageId,
      g.model,
      g.startedAt,
    );
  }

  setStatus(status: GenerationStatus, outcome: StreamOutcome | null): void {
    this.sql.exec("UPDATE generation SET status = ?, outcome = ? WHERE slot = 1", status, outcome);
  }

  append(generationId: string, event: StreamEvent): number {
    const row = this.sql
      .exec<{ seq: number }>(
        "INSERT INTO event (generation_id, data) VALUES (?, ?) RETURNING seq",
        generationId,
        JSON.stringify(event),
      )
      .one();
    return row.seq;
  }

  /** Events of the current generation after `afterSeq` (all of them for 0). */
  since(afterSeq: number): LoggedEvent[] {
    if (!this.created) return [];
    return this.sql
      .exec<{ seq: number; data: string }>("SELECT seq, data FROM event WHERE seq > ? ORDER BY seq", afterSeq)
      .toArray()
      .map((row) => ({ seq: row.seq, event: JSON.parse(row.data) as StreamEvent }));
  }

  events(): StreamEvent[] {
    return this.since(0).map((e) => e.event);
  }
}
