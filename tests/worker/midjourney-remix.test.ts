// Remix mode on the relay's Discord account: a variation opens Discord's prompt box, which the relay holds
// (code 21, its task MODAL) until /mj/submit/modal sends it. The press is answered as promptly as without it.
import { describe, expect, it } from "vitest";
import { readToDone, startAnswer, startChat } from "./support/chats";
import { choiceOf, imagesOf, servedWidth } from "./support/midjourney";
import { accountOnPlan, usageCount } from "./support/plans";
import { uniqueTag, upstreamRequests } from "./support/upstreams";

/** `promise`, or a failure after `ms`: a prompt box never sent leaves the answer waiting for minutes. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe("Midjourney with Remix mode on", () => {
  it("pressing V2 sends the prompt box with the grid's final prompt, and the variations come at once", async () => {
    const owner = await accountOnPlan("expert");
    // The stand-in's grids imagined from a prompt containing "remix-mode" are made with Remix on.
    const tag = uniqueTag("remix-mode");
    const started = await startChat(owner.cookie, `a castle on a hill ${tag}`, { model: "midjourney" });
    const chatId = started.chat.id;
    const [grid] = imagesOf(await readToDone(owner.cookie, chatId));
    const v2 = choiceOf(grid?.choices, "V2");

    await startAnswer(owner.cookie, "send", {
      chatId,
      content: "",
      midjourneyAction: { messageId: started.modelMessage.id, choice: "V2" },
    });
    const events = await within(15_000, readToDone(owner.cookie, chatId));
    expect(events.at(-1)?.event).toMatchObject({ type: "done", outcome: "done" });
    const [varied] = imagesOf(events);
    expect(varied?.choices?.map((c) => c.label)).toEqual(["U1", "U2", "U3", "U4", "V1", "V2", "V3", "V4"]);
    expect(await servedWidth(owner.cookie, varied?.url ?? "")).toBe(48);

    // The press as without Remix; then the box, sent once, for the task the press named, with the prompt
    // Midjourney ran for the grid (our version flag included), as the relay's answer named it.
    const [pressed] = await upstreamRequests(v2.customId, { provider: "midjourney" });
    expect(pressed?.body).toEqual({ taskId: v2.taskId, customId: v2.customId });
    const modals = (await upstreamRequests(tag, { provider: "midjourney", min: 2 })).filter(
      (r) => r.path === "/mj/submit/modal",
    );
    const variedTask = varied?.choices?.[0]?.taskId;
    expect(modals.map((r) => r.body)).toEqual([
      { taskId: variedTask, prompt: `a castle on a hill ${tag} --v 7` },
    ]);
    expect(variedTask).not.toBe(v2.taskId);
    expect(await usageCount(owner.id, "image")).toBe(2);
  });
});
