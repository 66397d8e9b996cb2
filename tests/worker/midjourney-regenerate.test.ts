// Regenerating the answer to a Midjourney button press presses the same button again (its question, "Upscale
// U2", is no prompt); a grid's answer is regenerated from its prompt as any answer is.
import { describe, expect, it } from "vitest";
import { api, json } from "./support/api";
import { readChat, readToDone, startAnswer } from "./support/chats";
import { choiceOf, gridChat, imagesOf, servedWidth } from "./support/midjourney";
import { accountOnPlan, usageCount } from "./support/plans";
import { upstreamRequests } from "./support/upstreams";

/** Presses `choice` under the grid and reads its answer to the end. */
async function pressed(cookie: string, chatId: number, gridId: number, choice: string) {
  const started = await startAnswer(cookie, "send", {
    chatId,
    content: "",
    midjourneyAction: { messageId: gridId, choice },
  });
  await readToDone(cookie, chatId);
  return started;
}

async function regenerated(cookie: string, chatId: number, model?: string) {
  const started = await startAnswer(cookie, "regenerate", { chatId, model });
  const events = await readToDone(cookie, chatId);
  expect(events.at(-1)?.event).toMatchObject({ type: "done", outcome: "done" });
  return { started, images: imagesOf(events), events };
}

describe("regenerating a Midjourney press's answer", () => {
  it("presses the same upscale again: one picture again, the question kept", async () => {
    const owner = await accountOnPlan("expert");
    const { chatId, gridId, choices } = await gridChat(owner.cookie);
    const press = await pressed(owner.cookie, chatId, gridId, "U2");

    const { started, images } = await regenerated(owner.cookie, chatId, "midjourney");
    expect(started.userMessage).toBeNull();
    const u2 = choiceOf(choices, "U2");
    const presses = await upstreamRequests(u2.customId, { provider: "midjourney", min: 2 });
    expect(presses.map((r) => [r.path, r.body])).toEqual([
      ["/mj/submit/action", { taskId: u2.taskId, customId: u2.customId }],
      ["/mj/submit/action", { taskId: u2.taskId, customId: u2.customId }],
    ]);
    const [upscaled] = images;
    expect(upscaled?.choices).toBeUndefined();
    expect(await servedWidth(owner.cookie, upscaled?.url ?? "")).toBe(32);
    expect(await usageCount(owner.id, "image")).toBe(3);

    const { messages } = await readChat(owner.cookie, chatId);
    expect(messages.map((m) => m.id)).toEqual([
      expect.any(Number),
      gridId,
      press.userMessage?.id,
      started.modelMessage.id,
    ]);
    expect(messages[2]).toMatchObject({ content: "Upscale U2", metadata: { pressed: { choice: "U2" } } });
  });

  it("presses the same variation again: a new grid, with buttons of its own", async () => {
    const owner = await accountOnPlan("expert");
    const { chatId, gridId, choices } = await gridChat(owner.cookie);
    await pressed(owner.cookie, chatId, gridId, "V3");

    // The chat's model is asked when none is named (the app names the composer's).
    const { images } = await regenerated(owner.cookie, chatId);
    const v3 = choiceOf(choices, "V3");
    const presses = await upstreamRequests(v3.customId, { provider: "midjourney", min: 2 });
    expect(presses.map((r) => r.body)).toEqual([
      { taskId: v3.taskId, customId: v3.customId },
      { taskId: v3.taskId, customId: v3.customId },
    ]);
    const [varied] = images;
    expect(varied?.choices?.map((c) => c.label)).toEqual(["U1", "U2", "U3", "U4", "V1", "V2", "V3", "V4"]);
    expect(await servedWidth(owner.cookie, varied?.url ?? "")).toBe(48);
  });

  it("with a model other than Midjourney, answers the question's words as any regenerate does", async () => {
    const owner = await accountOnPlan("expert");
    const { chatId, gridId } = await gridChat(owner.cookie);
    await pressed(owner.cookie, chatId, gridId, "V1");

    const { events, images } = await regenerated(owner.cookie, chatId, "test");
    expect(images).toEqual([]);
    expect(events.some((e) => e.event.type === "text")).toBe(true);
    const { messages } = await readChat(owner.cookie, chatId);
    expect(messages.map((m) => [m.content || m.role, m.model])).toEqual([
      [expect.stringContaining("a castle"), null],
      ["assistant", "midjourney"],
      ["Vary V1", null],
      [expect.any(String), "test"],
    ]);
  });
});

describe("a press's record in a share", () => {
  it("stays with its owner: the shared chat shows the question, never the relay's ids", async () => {
    const owner = await accountOnPlan("expert");
    const { chatId, gridId, choices } = await gridChat(owner.cookie);
    await pressed(owner.cookie, chatId, gridId, "V2");
    const { messages } = await readChat(owner.cookie, chatId);
    expect(messages[2]?.metadata).toHaveProperty("pressed");

    const res = await api("/api/chat/share", { cookie: owner.cookie, body: { chatId } });
    const { publicId } = await json<{ publicId: string }>(res);
    const shared = await (await api(`/api/shared/${publicId}`)).text();
    expect(shared).toContain("Vary V2");
    expect(shared).not.toContain("pressed");
    for (const choice of choices) {
      expect(shared).not.toContain(choice.customId);
      expect(shared).not.toContain(choice.taskId);
    }
  });
});
