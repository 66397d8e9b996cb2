// Midjourney's U1–U4 under a grid: a send with `midjourneyAction` asks the relay for that button, with the ids
// the grid's own answer saved, and answers the upscaled picture as an image request.
import { describe, expect, it } from "vitest";
import { errorOf } from "./support/accounts";
import { json } from "./support/api";
import { readChat, readToDone, startAnswer, startChat } from "./support/chats";
import { gridChat, imagesOf, press, servedWidth } from "./support/midjourney";
import { accountOnPlan, addUsage, usageCount } from "./support/plans";
import { upstreamRequests } from "./support/upstreams";

describe("a Midjourney upscale", () => {
  it("asks the relay for the grid's own U2 and answers the upscaled picture, counted as an image", async () => {
    const owner = await accountOnPlan("expert");
    const { chatId, gridId, grid, choices } = await gridChat(owner.cookie);
    expect(choices.map((c) => c.label)).toEqual(["U1", "U2", "U3", "U4", "V1", "V2", "V3", "V4"]);
    expect(await usageCount(owner.id, "image")).toBe(1);

    const started = await startAnswer(owner.cookie, "send", {
      chatId,
      content: "",
      midjourneyAction: { messageId: gridId, choice: "U2" },
    });
    const events = await readToDone(owner.cookie, chatId);
    expect(events.at(-1)?.event).toMatchObject({ type: "done", outcome: "done" });

    // The relay got the button the grid's answer saved, for the grid's task: nothing the request chose.
    const u2 = choices.find((c) => c.label === "U2");
    if (!u2) throw new Error("no U2");
    const [submitted] = await upstreamRequests(u2.customId, { provider: "midjourney" });
    expect(submitted?.path).toBe("/mj/submit/action");
    expect(submitted?.body).toEqual({ taskId: u2.taskId, customId: u2.customId });

    // One picture (the stand-in's upscale is 32 px wide, its grid 64), with no buttons of its own.
    const [upscaled] = imagesOf(events);
    expect(upscaled?.choices).toBeUndefined();
    expect(await servedWidth(owner.cookie, upscaled?.url ?? "")).toBe(32);
    expect(await servedWidth(owner.cookie, grid.url)).toBe(64);
    expect(await usageCount(owner.id, "image")).toBe(2);

    // A new exchange after the grid, which stays with its buttons.
    const { messages } = await readChat(owner.cookie, chatId);
    expect(messages.map((m) => [m.role, m.model])).toEqual([
      ["user", null],
      ["assistant", "midjourney"],
      ["user", null],
      ["assistant", "midjourney"],
    ]);
    expect(messages[2]).toMatchObject({ id: started.userMessage?.id, content: "Upscale U2" });
    expect(messages[3]?.metadata).toMatchObject({ done: true, images: [{ url: upscaled?.url }] });
    expect(messages[1]?.metadata).toMatchObject({ images: [{ url: grid.url, choices }] });
  });

  it("answers 404 for another user's grid, and 400 for a message without that button", async () => {
    const owner = await accountOnPlan("expert");
    const other = await accountOnPlan("expert");
    const { chatId, gridId } = await gridChat(owner.cookie);
    const otherChat = await startChat(other.cookie, "hello");
    await readToDone(other.cookie, otherChat.chat.id);

    // Someone else's chat, or their own chat naming someone else's grid: the same 404, nothing counted.
    const foreign = await press(other.cookie, chatId, gridId, "U1");
    expect(foreign.status).toBe(404);
    const smuggled = await press(other.cookie, otherChat.chat.id, gridId, "U1");
    expect(smuggled.status).toBe(404);
    const unknown = await press(owner.cookie, chatId, gridId + 1_000_000, "U1");
    expect(unknown.status).toBe(404);
    expect(await usageCount(other.id, "image")).toBe(0);

    // The question is a message of the chat, but it offers no upscale.
    const question = (await readChat(owner.cookie, chatId)).messages[0];
    const noButton = await press(owner.cookie, chatId, question?.id ?? 0, "U1");
    expect(noButton.status).toBe(400);
    expect((await errorOf(noButton)).details).toEqual([
      { path: "midjourneyAction.choice", message: "not a choice of this message" },
    ]);
    // A button press is the whole question: no words, files or other model beside it.
    const withWords = await press(owner.cookie, chatId, gridId, "U1", { content: "bigger" });
    expect(withWords.status).toBe(400);
    const withModel = await press(owner.cookie, chatId, gridId, "U1", { model: "test" });
    expect(withModel.status).toBe(400);
    const notAButton = await press(owner.cookie, chatId, gridId, "U5");
    expect(notAButton.status).toBe(400);
    expect(await usageCount(owner.id, "image")).toBe(1);
  });

  it("is refused like any image request once the image quota is used up", async () => {
    const owner = await accountOnPlan("starter");
    const { chatId, gridId } = await gridChat(owner.cookie);
    await addUsage(owner.id, "image", 59);
    const over = await press(owner.cookie, chatId, gridId, "U3");
    expect(over.status).toBe(429);
    expect(await json(over)).toMatchObject({
      error: { code: "quota_reached", details: { category: "image" } },
    });
    expect((await readChat(owner.cookie, chatId)).messages).toHaveLength(2);
  });
});
