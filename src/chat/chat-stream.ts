// ChatStream: one Durable Object per chat owning its live generation — resumable, shared, stoppable, saved once.
import { DurableObject } from "cloudflare:workers";
import { STOPPED_MARKER, type StreamEvent, type StreamOutcome } from "../domain/chat/stream-events";
import type { Env } from "../env";
import { EventLog, type GenerationRow } from "./event-log";
import { type GenerationInput, runGeneration, runTitle } from "./generation";
import { saveGeneration } from "./persist";
import { parseLastEventId, SSE_HEADERS, SSE_HEARTBEAT, SSE_RETRY, sseEvent } from "./sse";

/** Deltas arriving within this window share one SQLite row and one SSE event. */
const COALESCE_MS = 20;
const COALESCE_MAX_CHARS = 2_048;
const HEARTBEAT_MS = 15_000;
/** While a generation runs, an alarm checks it is still alive; after a restart it closes it. */
const WATCHDOG_MS = 30_000;
const STOP_GRACE_MS = 3_000;

type Writer = WritableStreamDefaultWriter<Uint8Array>;

export type StartResult = { ok: true; generationId: string } | { ok: false; reason: "busy" };

export class ChatStream extends DurableObject<Env> {
  private readonly log: EventLog;
  private readonly readers = new Set<Writer>();
  private abort: AbortController | null = null;
  private pump: Promise<void> | null = null;
  private pending: { type: "text" | "reasoning"; delta: string } | null = null;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  /** Delta types already sent in this generation: their first token skips the batching delay. */
  private sentTypes = new Set<string>();
  private finishing: Promise<void> | null = null;
  /**
   * A new chat's title being written, beside its first answer. The answer's `done` does not wait for it:
   * readers stay connected after `done` until the title is sent (or naming gives up), then close.
   */
  private titling: Promise<void> | null = null;
  /** Set while a generation's provider request leaves before its log is written (see `start`). */
  private opening: Promise<void> | null = null;
  /** Events emitted meanwhile, written to the log once it has the generation. */
  private held: StreamEvent[] | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.log = new EventLog(ctx.storage.sql);
    ctx.blockConcurrencyWhile(async () => {
      // A generation still open here lost its provider stream with the previous instance: close it as
      // stopped, keeping every token that was checkpointed (and so every token a reader saw).
      const g = this.log.current();
      if (g && g.status !== "finished") await this.finish(g, g.status === "running" ? "stopped" : g.outcome);
    });
  }

  /**
   * Nothing: called while a new chat's screen is open (POST /api/chat/prepare) so that the runtime makes this
   * object, and its storage, before the chat's first message asks it for an answer.
   */
  async warm(): Promise<void> {}

  /** Whether a generation is running now (a new one would be refused). */
  async isBusy(): Promise<boolean> {
    if (this.opening) return true;
    const g = this.log.current();
    return Boolean(g && g.status !== "finished" && this.pump);
  }

  /** Starts a generation unless one is running; the answer streams to readers of `fetch`. */
  async start(input: GenerationInput): Promise<StartResult> {
    if (this.opening) return { ok: false, reason: "busy" };
    const current = this.log.current();
    if (current && current.status !== "finished") {
      if (this.pump) return { ok: false, reason: "busy" };
      await this.finish(current, current.status === "running" ? "stopped" : current.outcome);
    }
    // Readers still waiting for the previous answer's title let go: if it comes, this new log carries it.
    this.closeReaders();
    this.sentTypes = new Set();
    const abort = new AbortController();
    this.abort = abort;
    let opened = () => {};
    const opening = new Promise<void>((resolve) => {
      opened = resolve;
    });
    this.opening = opening;
    this.held = [];
    // The provider request goes out before this generation's first write: a storage write holds every
    // request the object makes (the output gate) until the write is confirmed, which would put a commit
    // in front of the first token. Events arriving before the log exists are held for it.
    this.pump = runGeneration(input, this.env, abort.signal, {
      delta: (type, delta) => this.buffer(type, delta),
      event: (event) => {
        this.flush();
        this.emit(event);
      },
    })
      .then(async (outcome) => {
        await opening;
        return this.finishCurrent(abort.signal.aborted ? "stopped" : outcome);
      })
      .catch(async (err) => {
        console.error("generation failed", err);
        await opening;
        return this.finishCurrent("error");
      })
      .finally(() => {
        if (this.abort === abort) {
          this.abort = null;
          this.pump = null;
        }
      });
    // One turn of the event loop: the adapter has made its request by then (unless it first reads files
    // or documents, which are I/O of their own).
    await new Promise((resolve) => setTimeout(resolve, 0));
    const held = this.held;
    this.held = null;
    this.log.begin({
      id: input.generationId,
      chatId: input.chatId,
      userId: input.userId,
      messageId: input.messageId,
      model: input.model,
      startedAt: Date.now(),
    });
    this.emit({
      type: "start",
      messageId: input.messageId,
      model: input.model,
      generationId: input.generationId,
    });
    for (const event of held) this.emit(event);
    this.opening = null;
    opened();
    this.startTitle(input);
    await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
    return { ok: true, generationId: input.generationId };
  }

  /** Stops the running generation: the provider request is cancelled and what was said is kept. */
  async stop(): Promise<{ stopped: boolean }> {
    if (this.opening) await this.opening;
    const g = this.log.current();
    if (!g || g.status === "finished") return { stopped: false };
    const pump = this.pump;
    this.abort?.abort();
    if (pump) {
      // An adapter that ignores the abort must not hold the user's stop hostage.
      await Promise.race([pump, new Promise((r) => setTimeout(r, STOP_GRACE_MS))]);
    }
    await this.finishCurrent("stopped");
    return { stopped: true };
  }

  /** The live stream as SSE: everything after Last-Event-ID, then the live tail until the end. */
  override async fetch(request: Request): Promise<Response> {
    if (this.opening) await this.opening;
    const url = new URL(request.url);
    const after = parseLastEventId(
      request.headers.get("Last-Event-ID") ?? url.searchParams.get("lastEventId"),
    );
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const send = (chunk: Uint8Array) => writer.write(chunk).catch(() => this.readers.delete(writer));
    send(SSE_RETRY);
    const g = this.log.current();
    if (!g) {
      send(sseEvent(null, { type: "idle" }));
      writer.close().catch(() => {});
    } else {
      // Replay and subscribe in one synchronous step: no event can fall between the two.
      for (const { seq, event } of this.log.since(after)) send(sseEvent(seq, event));
      if (g.status === "finished" && !this.titling) writer.close().catch(() => {});
      else {
        this.readers.add(writer);
        this.startHeartbeat();
      }
    }
    return new Response(readable, { headers: SSE_HEADERS });
  }

  override async alarm(): Promise<void> {
    const g = this.log.current();
    if (!g || g.status === "finished") return;
    if (g.status === "running" && this.pump) {
      await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
      return;
    }
    await this.finish(g, g.status === "running" ? "stopped" : g.outcome);
  }

  /** The current generation's state, for tests and diagnostics. */
  async state(): Promise<{ generation: GenerationRow | null; events: StreamEvent[]; readers: number }> {
    return { generation: this.log.current(), events: this.log.events(), readers: this.readers.size };
  }

  private buffer(type: "text" | "reasoning", delta: string) {
    if (this.pending && this.pending.type !== type) this.flush();
    if (!this.pending) {
      this.pending = { type, delta };
      // The first token goes out at once (time to first token); later ones are batched.
      if (!this.sentTypes.has(type)) {
        this.sentTypes.add(type);
        this.flush();
      } else this.flushTimer = setTimeout(() => this.flush(), COALESCE_MS);
      return;
    }
    this.pending.delta += delta;
    if (this.pending.delta.length >= COALESCE_MAX_CHARS) this.flush();
  }

  private flush() {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const pending = this.pending;
    this.pending = null;
    if (pending?.delta) this.emit({ type: pending.type, delta: pending.delta });
  }

  /** Checkpoint first, then fan out: the output gate holds the write to readers until SQLite has it. */
  private emit(event: StreamEvent) {
    if (this.held) {
      this.held.push(event);
      return;
    }
    const g = this.log.current();
    if (!g) return;
    const chunk = sseEvent(this.log.append(g.id, event), event);
    for (const writer of this.readers) writer.write(chunk).catch(() => this.readers.delete(writer));
  }

  private async finishCurrent(outcome: StreamOutcome | null) {
    const g = this.log.current();
    if (g && g.status !== "finished") await this.finish(g, outcome);
  }

  /** Ends a generation exactly once: marker, Postgres write (idempotent), done event, readers closed. */
  private finish(g: GenerationRow, outcome: StreamOutcome | null): Promise<void> {
    this.finishing ??= this.finishOnce(g, outcome).finally(() => {
      this.finishing = null;
    });
    return this.finishing;
  }

  private async finishOnce(g: GenerationRow, outcome: StreamOutcome | null) {
    this.flush();
    const final: StreamOutcome = outcome ?? "done";
    if (g.status === "running") {
      if (final === "stopped") {
        const hasText = this.log.events().some((e) => e.type === "text" && e.delta.trim());
        this.emit({ type: "text", delta: hasText ? `\n\n${STOPPED_MARKER}` : STOPPED_MARKER });
      }
      this.log.setStatus("finalizing", final);
    }
    try {
      await saveGeneration(this.env, g, final, this.log.events());
    } catch (err) {
      // The answer is safe in SQLite; the watchdog alarm retries the write.
      console.error("saving the answer failed; will retry", err);
      await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
      return;
    }
    this.log.setStatus("finished", final);
    const titlePending = this.titling !== null;
    this.emit({
      type: "done",
      outcome: final,
      messageId: g.messageId,
      ...(titlePending ? { titlePending } : {}),
    });
    if (!titlePending) this.closeReaders();
    await this.ctx.storage.deleteAlarm();
  }

  /** Names a new chat beside its answer; the title goes out as an event whenever it comes. */
  private startTitle(input: GenerationInput) {
    const title = runTitle(input, this.env);
    if (!title) return;
    const titling: Promise<void> = title
      .then((text) => {
        if (!text) return;
        this.flush();
        this.emit({ type: "title", title: text });
      })
      .catch((err) => console.error("title generation failed", err))
      .finally(() => {
        if (this.titling === titling) this.titling = null;
        // After `done`, the readers were only waiting for this.
        if (this.log.current()?.status === "finished") this.closeReaders();
      });
    this.titling = titling;
  }

  private closeReaders() {
    for (const writer of this.readers) writer.close().catch(() => {});
    this.readers.clear();
    this.stopHeartbeat();
  }

  private startHeartbeat() {
    this.heartbeat ??= setInterval(() => {
      if (this.readers.size === 0) return this.stopHeartbeat();
      for (const writer of this.readers) writer.write(SSE_HEARTBEAT).catch(() => this.readers.delete(writer));
    }, HEARTBEAT_MS);
  }

  private stopHeartbeat() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
