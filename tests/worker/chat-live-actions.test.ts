// Edit, regenerate and delete while an answer is still streaming: the live answer is stopped first.
import { afterEach, describe, expect, it } from "vitest";
import { STOPPED_MARKER } from "../../src/domain/chat/stream-events";
import { api, readSse, textOf } from "./support/api";
import { openStream, readChat, readToDone, startAnswer, startChat, untilDone } from "./support/chats";
import { accountOnPlan } from "./support/plans";
import { resetUpstreams, scriptUpstream, uniqueTag, upstreamRequests } from "./support/upstreams";

/** Starts a chat whose answer streams one piece and then waits, and a reader attached to it. */
async function hangingChat(cookie: string, content = "Tell me everything [[hang]]") {
  const started = await startChat(cookie, content);
  const reader = readSse(await openStream(cookie, started.chat.id), untilDone);
  // The answer is live once its first words are out.
  await readSse(await openStream(cookie, started.chat.id), (e) => e.event.type === "text");
  return { started, reader };
}

afterEach(resetUpstreams);

describe("while an answer is streaming", () => {
  it("an edit stops it, and the edited question gets a fresh, complete answer", async () => {
    const { cookie } = await accountOnPlan("starter");
    const { started, reader } = await hangingChat(cookie);
    const edited = await startAnswer(cookie, "edit", {
      chatId: started.chat.id,
      messageId: started.userMessage.id,
      content: "A shorter question",
    });
    // The reader of the old answer is told it stopped, and is closed.
    const old = await reader;
    expect(old.at(-1)?.event).toMatchObject({
      type: "done",
      outcome: "stopped",
      messageId: started.modelMessage.id,
    });
    const fresh = await readToDone(cookie, started.chat.id);
    expect(fresh.at(-1)?.event).toMatchObject({
      type: "done",
      outcome: "done",
      messageId: edited.modelMessage.id,
    });
    const { messages } = await readChat(cookie, started.chat.id);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "A shorter question"],
      ["assistant", textOf(fresh)],
    ]);
    expect(messages[1]?.id).toBe(edited.modelMessage.id);
    expect(messages[1]?.metadata).toMatchObject({ done: true, outcome: "done" });
  });

  it("a regeneration stops it (cancelling the provider's request) and replaces the cut answer", async () => {
    const { cookie } = await accountOnPlan("expert");
    // The first answer hangs at the provider; the regenerated one (same prompt) comes through.
    await scriptUpstream("openai", "hang");
    const tag = uniqueTag("again");
    const started = await startChat(cookie, `Tell me a story ${tag}`, { model: "gpt-4.1" });
    const reader = readSse(await openStream(cookie, started.chat.id), untilDone);
    await readSse(await openStream(cookie, started.chat.id), (e) => e.event.type === "text");
    await scriptUpstream("openai", "normal");

    const regenerated = await startAnswer(cookie, "regenerate", { chatId: started.chat.id });
    expect((await reader).at(-1)?.event).toMatchObject({
      type: "done",
      outcome: "stopped",
      messageId: started.modelMessage.id,
    });
    const fresh = await readToDone(cookie, started.chat.id);
    expect(fresh.at(-1)?.event).toMatchObject({ outcome: "done", messageId: regenerated.modelMessage.id });
    const asked = (await upstreamRequests(tag, { provider: "openai", min: 2 })).filter(
      (r) => r.model === "gpt-4.1", // not the chat's title, which a light model writes
    );
    expect(asked.map((r) => r.aborted)).toEqual([true, false]);
    const { messages } = await readChat(cookie, started.chat.id);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[0]?.id).toBe(started.userMessage.id);
    expect(messages[1]?.id).toBe(regenerated.modelMessage.id);
    expect(messages[1]?.content).toBe(textOf(fresh));
    expect(messages[1]?.content).not.toContain(STOPPED_MARKER);
  });

  it("a delete stops it (cancelling the provider's request), and the chat is gone", async () => {
    const { cookie } = await accountOnPlan("expert");
    await scriptUpstream("openai", "hang");
    const tag = uniqueTag("doomed");
    const started = await startChat(cookie, `Write a saga ${tag}`, { model: "gpt-4.1" });
    const reader = readSse(await openStream(cookie, started.chat.id), untilDone);
    await readSse(await openStream(cookie, started.chat.id), (e) => e.event.type === "text");

    const res = await api("/api/chat/delete", { cookie, body: { id: started.chat.id } });
    expect(res.status).toBe(200);
    expect((await reader).at(-1)?.event).toMatchObject({ type: "done", outcome: "stopped" });
    // The provider saw its request cancelled, not left running for nobody.
    await expect
      .poll(async () => (await upstreamRequests(tag, { provider: "openai" })).some((r) => r.aborted))
      .toBe(true);
    expect((await api(`/api/chat/${started.chat.id}`, { cookie })).status).toBe(404);
    expect((await api(`/api/chat/${started.chat.id}/stream`, { cookie })).status).toBe(404);
  });
});
