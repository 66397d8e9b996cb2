// Edit, regenerate and delete while an answer is still streaming: the live answer is stopped first.
import { describe, expect, it } from "vitest";
import { STOPPED_MARKER } from "../../src/domain/chat/stream-events";
import { api, readSse, type SseEvent, textOf } from "./support/api";
import { openStream, readChat, readToDone, startAnswer, startChat, untilDone } from "./support/chats";
import { accountOnPlan } from "./support/plans";
import { scriptUpstream, uniqueTag, upstreamRequestsUntil } from "./support/upstreams";

interface Live {
  chatId: number;
  /** The first, finished exchange. */
  first: { userId: number; answerId: number; answer: string };
  /** The question whose answer is streaming now, and that answer. */
  question: { id: number; content: string };
  answerId: number;
  /** A reader attached to the live answer, resolving when its stream ends. */
  reader: Promise<SseEvent[]>;
}

/**
 * A chat with one finished exchange, then a second question whose answer streams its first words and
 * waits. (The first message names the chat; the live one is not also busy being turned into a title.)
 */
async function liveAnswer(cookie: string, model: string, second: string): Promise<Live> {
  const started = await startChat(cookie, "Hello there", { model });
  const answer = textOf(await readToDone(cookie, started.chat.id));
  const sent = await startAnswer(cookie, "send", { chatId: started.chat.id, content: second });
  const reader = readSse(await openStream(cookie, started.chat.id), untilDone);
  await readSse(await openStream(cookie, started.chat.id), (e) => e.event.type === "text");
  return {
    chatId: started.chat.id,
    first: { userId: started.userMessage.id, answerId: started.modelMessage.id, answer },
    question: { id: sent.userMessage?.id ?? 0, content: second },
    answerId: sent.modelMessage.id,
    reader,
  };
}

describe("while an answer is streaming", () => {
  it("an edit stops it, and the edited question gets a fresh, complete answer", async () => {
    const { cookie } = await accountOnPlan("starter");
    const live = await liveAnswer(cookie, "test", "Tell me everything [[hang]]");
    const edited = await startAnswer(cookie, "edit", {
      chatId: live.chatId,
      messageId: live.question.id,
      content: "A shorter question",
    });
    // The reader of the old answer is told it stopped, and is closed.
    expect((await live.reader).at(-1)?.event).toMatchObject({
      type: "done",
      outcome: "stopped",
      messageId: live.answerId,
    });
    const fresh = await readToDone(cookie, live.chatId);
    expect(fresh.at(-1)?.event).toMatchObject({ outcome: "done", messageId: edited.modelMessage.id });
    const { messages } = await readChat(cookie, live.chatId);
    expect(messages.map((m) => [m.id, m.role, m.content])).toEqual([
      [live.first.userId, "user", "Hello there"],
      [live.first.answerId, "assistant", live.first.answer],
      [edited.userMessage?.id, "user", "A shorter question"],
      [edited.modelMessage.id, "assistant", textOf(fresh)],
    ]);
    expect(messages[3]?.metadata).toMatchObject({ done: true, outcome: "done" });
  });

  it("a regeneration stops it (cancelling the provider's request) and replaces the cut answer", async () => {
    const { cookie } = await accountOnPlan("expert");
    const tag = uniqueTag("again");
    // The live answer hangs at the provider; the regenerated one (same prompt) comes through.
    await scriptUpstream("openai", "hang", tag);
    const live = await liveAnswer(cookie, "gpt-4.1", `Tell me a story ${tag}`);
    await scriptUpstream("openai", "normal", tag);

    const regenerated = await startAnswer(cookie, "regenerate", { chatId: live.chatId });
    expect((await live.reader).at(-1)?.event).toMatchObject({
      type: "done",
      outcome: "stopped",
      messageId: live.answerId,
    });
    const fresh = await readToDone(cookie, live.chatId);
    expect(fresh.at(-1)?.event).toMatchObject({ outcome: "done", messageId: regenerated.modelMessage.id });
    const requests = await upstreamRequestsUntil(tag, (rs) => rs[0]?.aborted === true, {
      provider: "openai",
      min: 2,
    });
    expect(requests.map((r) => r.aborted)).toEqual([true, false]);
    const { messages } = await readChat(cookie, live.chatId);
    expect(messages.map((m) => m.id)).toEqual([
      live.first.userId,
      live.first.answerId,
      live.question.id,
      regenerated.modelMessage.id,
    ]);
    expect(messages[3]?.content).toBe(textOf(fresh));
    expect(messages[3]?.content).not.toContain(STOPPED_MARKER);
  });

  it("a delete stops it (cancelling the provider's request), and the chat is gone", async () => {
    const { cookie } = await accountOnPlan("expert");
    const tag = uniqueTag("doomed");
    await scriptUpstream("openai", "hang", tag);
    const live = await liveAnswer(cookie, "gpt-4.1", `Write a saga ${tag}`);

    const res = await api("/api/chat/delete", { cookie, body: { id: live.chatId } });
    expect(res.status).toBe(200);
    expect((await live.reader).at(-1)?.event).toMatchObject({ type: "done", outcome: "stopped" });
    // The provider saw its request cancelled, not left running for nobody.
    const [request] = await upstreamRequestsUntil(tag, (rs) => rs[0]?.aborted === true, {
      provider: "openai",
    });
    expect(request?.aborted).toBe(true);
    expect((await api(`/api/chat/${live.chatId}`, { cookie })).status).toBe(404);
    expect((await api(`/api/chat/${live.chatId}/stream`, { cookie })).status).toBe(404);
  });
});
