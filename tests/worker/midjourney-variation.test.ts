// Midjourney's V1–V4 under a grid: a send with `midjourneyAction` asks the relay for that variation, with the
// ids the grid's own answer saved, and answers a new grid of variations, which offers buttons of its own.
import { describe, expect, it } from "vitest";
import { errorOf } from "./support/accounts";
import { readChat, readToDone, startAnswer, startChat } from "./support/chats";
import { choiceOf, gridChat, imagesOf, press, servedWidth } from "./support/midjourney";
import { accountOnPlan, usageCount } from "./support/plans";
import { upstreamRequests } from "./support/upstreams";

const ALL = ["U1", "U2", "U3", "U4", "V1", "V2", "V3", "V4"];

describe("a Midjourney variation", () => {
  it("asks the relay for the grid's own V2 and answers a new grid with its own buttons", async () => {
    const owner = await accountOnPlan("expert");
    const { chatId, gridId, grid, choices } = await gridChat(owner.cookie);

    const started = await startAnswer(owner.cookie, "send", {
      chatId,
      content: "",
      midjourneyAction: { messageId: gridId, choice: "V2" },
    });
    // The question reads as Midjourney says it, at once and once read back.
    expect(started.userMessage).toMatchObject({ content: "Vary V2" });
    const events = await readToDone(owner.cookie, chatId);
    expect(events.at(-1)?.event).toMatchObject({ type: "done", outcome: "done" });

    // The relay got the button the grid's answer saved, for the grid's task.
    const v2 = choiceOf(choices, "V2");
    const [submitted] = await upstreamRequests(v2.customId, { provider: "midjourney" });
    expect(submitted?.path).toBe("/mj/submit/action");
    expect(submitted?.body).toEqual({ taskId: v2.taskId, customId: v2.customId });

    // A new grid (the stand-in's variations are 48 px wide, its grid 64), with U1–U4 and V1–V4 of its own task.
    const [varied] = imagesOf(events);
    expect(varied?.choices?.map((c) => c.label)).toEqual(ALL);
    const taskIds = [...new Set(varied?.choices?.map((c) => c.taskId))];
    expect(taskIds).toHaveLength(1);
    expect(taskIds[0]).not.toBe(v2.taskId);
    expect(await servedWidth(owner.cookie, varied?.url ?? "")).toBe(48);
    expect(await servedWidth(owner.cookie, grid.url)).toBe(64);
    expect(await usageCount(owner.id, "image")).toBe(2);

    const { messages } = await readChat(owner.cookie, chatId);
    expect(messages.map((m) => [m.role, m.model, m.content])).toEqual([
      ["user", null, expect.stringContaining("a castle on a hill")],
      ["assistant", "midjourney", ""],
      ["user", null, "Vary V2"],
      ["assistant", "midjourney", ""],
    ]);
    // The question keeps the press (a regenerate presses it again): ids of our own record, not the request's.
    expect(messages[2]?.metadata).toEqual({
      role: "user",
      pressed: { choice: "V2", taskId: v2.taskId, customId: v2.customId },
    });
    expect(messages[3]?.metadata).toMatchObject({
      done: true,
      images: [{ url: varied?.url, choices: varied?.choices }],
    });

    // The variations' own buttons work in turn: V4 of them is another grid, U1 one picture.
    const variedId = started.modelMessage.id;
    await startAnswer(owner.cookie, "send", {
      chatId,
      content: "",
      midjourneyAction: { messageId: variedId, choice: "V4" },
    });
    const [again] = imagesOf(await readToDone(owner.cookie, chatId));
    expect(again?.choices?.map((c) => c.label)).toEqual(ALL);
    const v4 = choiceOf(varied?.choices, "V4");
    const [relayed] = await upstreamRequests(v4.customId, { provider: "midjourney" });
    expect(relayed?.body).toEqual({ taskId: taskIds[0], customId: v4.customId });
    await startAnswer(owner.cookie, "send", {
      chatId,
      content: "",
      midjourneyAction: { messageId: variedId, choice: "U1" },
    });
    const [single] = imagesOf(await readToDone(owner.cookie, chatId));
    expect(single?.choices).toBeUndefined();
    expect(await servedWidth(owner.cookie, single?.url ?? "")).toBe(32);
  });

  it("answers 404 for a foreign or unknown message, and 400 for a message without that button", async () => {
    const owner = await accountOnPlan("expert");
    const other = await accountOnPlan("expert");
    const { chatId, gridId } = await gridChat(owner.cookie);
    const otherChat = await startChat(other.cookie, "hello");
    await readToDone(other.cookie, otherChat.chat.id);

    expect((await press(other.cookie, chatId, gridId, "V1")).status).toBe(404);
    expect((await press(other.cookie, otherChat.chat.id, gridId, "V1")).status).toBe(404);
    expect((await press(owner.cookie, chatId, gridId + 1_000_000, "V3")).status).toBe(404);
    expect(await usageCount(other.id, "image")).toBe(0);

    // The question offers no variation, nor does an upscale (one picture with no buttons).
    const question = (await readChat(owner.cookie, chatId)).messages[0];
    const noButton = await press(owner.cookie, chatId, question?.id ?? 0, "V1");
    expect(noButton.status).toBe(400);
    expect((await errorOf(noButton)).details).toEqual([
      { path: "midjourneyAction.choice", message: "not a choice of this message" },
    ]);
    const upscale = await startAnswer(owner.cookie, "send", {
      chatId,
      content: "",
      midjourneyAction: { messageId: gridId, choice: "U1" },
    });
    await readToDone(owner.cookie, chatId);
    expect((await press(owner.cookie, chatId, upscale.modelMessage.id, "V1")).status).toBe(400);
    // A button the chat does not offer is no choice at all.
    expect((await press(owner.cookie, chatId, gridId, "V5")).status).toBe(400);
    expect(await usageCount(owner.id, "image")).toBe(2);
  });
});
