// A new chat's first exchange stays on screen from the send until its open chat shows it: no frame in between
// without it (the greeting back, or an empty pane while the open chat's list started).
import { describe, expect, it } from "vitest";
import { appUrl, composer, poll, sessionPerFile, waitForAnswer } from "./chat-support";

const session = sessionPerFile();

describe("a new chat's first send", () => {
  it("keeps the question on screen, frame after frame, as the open chat takes over", async () => {
    const { page } = session;
    for (const attempt of [1, 2, 3]) {
      await page.goto(`${appUrl()}/app/a/default`);
      const box = composer(page);
      await box.waitFor();
      // Each animation frame from the send on: whether the question is on screen, and the greeting.
      await page.evaluate(() => {
        const frames: string[] = [];
        (window as unknown as { frames_: string[] }).frames_ = frames;
        const started = performance.now();
        const tick = () => {
          const questions = document.querySelectorAll("#root article.message.user").length;
          const greeting = document.querySelector("#root .chat-hero") !== null;
          frames.push(`${questions}${greeting ? "G" : ""}`);
          if (performance.now() - started < 3000) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      await box.fill(`A first question, attempt ${attempt}`);
      await box.press("Enter");
      await poll(() => new URL(page.url()).pathname).toMatch(/\/c\/\d+$/);
      await waitForAnswer(page);
      await page.waitForTimeout(3000);
      const frames = await page.evaluate(() => (window as unknown as { frames_: string[] }).frames_);
      const first = frames.indexOf("1");
      expect(first, frames.join(" ")).toBeGreaterThanOrEqual(0);
      // From the first frame that shows it, every frame does.
      expect(
        frames.slice(first).filter((frame) => frame !== "1"),
        frames.join(" "),
      ).toEqual([]);
    }
  });
});
