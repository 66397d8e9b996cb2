// ChatStream: one Durable Object per chat that will own its live generation (the chat-engine issue).
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

/**
 * For now it only proves the binding and its SQLite storage work end to end: the chat engine
 * replaces this with the resumable token log, fan-out to readers and the exactly-once final write.
 */
export class ChatStream extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    });
  }

  /** How many times this chat's object has been reached; survives restarts because it lives in SQLite. */
  async touch(): Promise<number> {
    const row = this.ctx.storage.sql
      .exec<{ value: string }>(
        "INSERT INTO meta (key, value) VALUES ('touches', '1') ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1 RETURNING value",
      )
      .one();
    return Number(row.value);
  }
}
