// "Jump to the latest message" scrolls smoothly, unless the reader asked their system for less motion: then it
// jumps at once (client/lib/scroll-behavior.ts).
import { describe, expect, it } from "vitest";
import { appUrl, currentChatId, send, sessionPerFile, waitForAnswer } from "./chat-support";
import { sql } from "./session";

const session = sessionPerFile();

/** How far the conversation is from its end, 60 ms after the jump was pressed. */
async function distanceAfterJump(reducedMotion: "reduce" | "no-preference") {
  const { page } = session;
  await page.emulateMedia({ reducedMotion });
  const scroller = page.locator(".message-scroller");
  await scroller.evaluate((el) => el.scrollTo({ top: 0, behavior: "instant" }));
  const jump = page.getByRole("button", { name: "Jump to the latest message" });
  await jump.click();
  await page.waitForTimeout(60);
  return scroller.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);
}

describe("jumping to the latest message", () => {
  it("is a smooth scroll, or an instant one for someone who asked for less motion", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default`);
    await send(page, "The first of a long talk");
    const chatId = await currentChatId(page);
    await waitForAnswer(page);
    await sql(
      `insert into hot.message (chat, content, metadata, model, "createdAt")
       select $1, 'Line ' || n || E' of a long talk\\n\\nwith a second paragraph',
         jsonb_build_object('role', case when n % 2 = 1 then 'user' else 'assistant' end, 'done', true),
         case when n % 2 = 1 then null else 'test' end, now() + make_interval(secs => n)
       from generate_series(1, 120) n`,
      [chatId],
    );
    await page.reload();
    await page.locator("article.message", { hasText: "Line 120 of a long talk" }).waitFor();
    expect(await distanceAfterJump("no-preference")).toBeGreaterThan(200);
    expect(await distanceAfterJump("reduce")).toBeLessThan(5);
  });
});
