// The ChatStream Durable Object binding works, and its SQLite storage outlives the instance.

import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ChatStream } from "../../src/chat/chat-stream";

describe("ChatStream", () => {
  it("keeps its state in SQLite across an eviction", async () => {
    const stub = env.CHAT_STREAM.get(env.CHAT_STREAM.idFromName("chat-1")) as DurableObjectStub<ChatStream>;
    expect(await stub.touch()).toBe(1);
    expect(await stub.touch()).toBe(2);
    await evictDurableObject(stub);
    expect(await stub.touch()).toBe(3);
    const tables = await runInDurableObject(stub, (_instance, state) =>
      state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .toArray(),
    );
    expect(tables.map((t) => t.name)).toContain("meta");
  });
});
