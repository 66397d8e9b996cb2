// What reaches the provider: the request the local protocol servers received, body and headers, per test.
import { describe, expect, it } from "vitest";
import { modelByKey, providerModelAt } from "../../src/domain/models";
import { textOf } from "./support/api";
import { makeAssistant, readChat, readToDone, startAnswer, startChat } from "./support/chats";
import { accountOnPlan } from "./support/plans";
import { lastUpstreamRequest, uniqueTag, upstreamRequests } from "./support/upstreams";

const PIRATE = "Answer like a pirate.";

interface ChatBody {
  model: string;
  stream: boolean;
  messages: { role: string; content: unknown }[];
  system?: unknown;
  max_tokens?: number;
}

// The id the Worker sends today: a retiring model's successor once its shutdown day has come.
const providerModel = (key: string) => {
  const entry = modelByKey(key);
  return entry && providerModelAt(entry, new Date());
};

describe("the request a provider receives", () => {
  it("OpenAI: the assistant's preprompt as the system message, then the whole history in order", async () => {
    const account = await accountOnPlan("expert");
    const pirate = await makeAssistant(account.id, "Pirate", PIRATE);
    const [first, second] = [uniqueTag("first"), uniqueTag("second")];

    const started = await startChat(account.cookie, `Where is the treasure? ${first}`, {
      model: "gpt-4.1",
      assistantId: pirate.id,
    });
    const firstAnswer = textOf(await readToDone(account.cookie, started.chat.id));
    expect(firstAnswer).toContain(first); // the fake quotes the prompt: this answer is the upstream's
    await startAnswer(account.cookie, "send", {
      chatId: started.chat.id,
      content: `And the map? ${second}`,
    });
    await readToDone(account.cookie, started.chat.id);

    const request = await lastUpstreamRequest(second, { provider: "openai" });
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe("Bearer fake-openai-key");
    const body = request.body as ChatBody;
    expect(body.model).toBe(providerModel("gpt-4.1"));
    expect(body.stream).toBe(true);
    expect(body.messages).toEqual([
      { role: "system", content: PIRATE },
      { role: "user", content: `Where is the treasure? ${first}` },
      { role: "assistant", content: firstAnswer },
      { role: "user", content: `And the map? ${second}` },
    ]);
  });

  it("Anthropic: the preprompt as `system`, the history as alternating messages", async () => {
    const account = await accountOnPlan("expert");
    const pirate = await makeAssistant(account.id, "Pirate", PIRATE);
    const [first, second] = [uniqueTag("first"), uniqueTag("second")];
    const started = await startChat(account.cookie, `Ahoy ${first}`, {
      model: "claude-sonnet-4-5",
      assistantId: pirate.id,
    });
    const firstAnswer = textOf(await readToDone(account.cookie, started.chat.id));
    await startAnswer(account.cookie, "send", { chatId: started.chat.id, content: `Again ${second}` });
    await readToDone(account.cookie, started.chat.id);

    const request = await lastUpstreamRequest(second, { provider: "anthropic" });
    expect(request.path).toBe("/v1/messages");
    // The SDK authenticates with a bearer token (older ones sent x-api-key) and names the API version.
    expect(request.headers.authorization ?? `Bearer ${request.headers["x-api-key"]}`).toBe(
      "Bearer fake-anthropic-key",
    );
    expect(request.headers["anthropic-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const body = request.body as ChatBody;
    expect(body.model).toBe(providerModel("claude-sonnet-4-5"));
    expect(body.system).toBe(PIRATE);
    expect(body.max_tokens).toBeGreaterThan(0);
    expect(body.messages).toEqual([
      { role: "user", content: `Ahoy ${first}` },
      { role: "assistant", content: firstAnswer },
      { role: "user", content: `Again ${second}` },
    ]);
  });

  it("without an assistant there is no system message at all", async () => {
    const account = await accountOnPlan("expert");
    const tag = uniqueTag("plain");
    const started = await startChat(account.cookie, `Hello ${tag}`, { model: "gpt-4.1" });
    await readToDone(account.cookie, started.chat.id);
    const answers = (await upstreamRequests(tag, { provider: "openai" })).filter(
      (r) => (r.body as ChatBody).model === providerModel("gpt-4.1"),
    );
    expect(answers).toHaveLength(1);
    expect((answers[0]?.body as ChatBody | undefined)?.messages).toEqual([
      { role: "user", content: `Hello ${tag}` },
    ]);
  });

  it("an edited question replaces the old one and its answer in what the provider sees", async () => {
    const account = await accountOnPlan("expert");
    const pirate = await makeAssistant(account.id, "Pirate", PIRATE);
    const [before, after] = [uniqueTag("before"), uniqueTag("after")];
    const started = await startChat(account.cookie, `Old question ${before}`, {
      model: "gpt-4.1",
      assistantId: pirate.id,
    });
    await readToDone(account.cookie, started.chat.id);
    await startAnswer(account.cookie, "edit", {
      chatId: started.chat.id,
      messageId: started.userMessage.id,
      content: `New question ${after}`,
    });
    await readToDone(account.cookie, started.chat.id);
    const body = (await lastUpstreamRequest(after, { provider: "openai" })).body as ChatBody;
    expect(body.messages).toEqual([
      { role: "system", content: PIRATE },
      { role: "user", content: `New question ${after}` },
    ]);
    expect(JSON.stringify(body)).not.toContain(before);
  });

  it("a regenerated answer goes to the other model with the history minus the answer it replaces", async () => {
    const account = await accountOnPlan("expert");
    const pirate = await makeAssistant(account.id, "Pirate", PIRATE);
    const tag = uniqueTag("regen");
    const started = await startChat(account.cookie, `Question ${tag}`, {
      model: "gpt-4.1",
      assistantId: pirate.id,
    });
    await readToDone(account.cookie, started.chat.id);
    await startAnswer(account.cookie, "regenerate", { chatId: started.chat.id, model: "claude-sonnet-4-5" });
    await readToDone(account.cookie, started.chat.id);
    const body = (await lastUpstreamRequest(tag, { provider: "anthropic" })).body as ChatBody;
    expect(body.system).toBe(PIRATE);
    expect(body.messages).toEqual([{ role: "user", content: `Question ${tag}` }]);
    const { messages } = await readChat(account.cookie, started.chat.id);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1]?.model).toBe("claude-sonnet-4-5");
  });
});
