// A new chat's first exchange stays on screen from the send until its open chat shows it, and the focus in the
// message field: no frame in between without them (the greeting back, an empty pane, the focus on the page).
import { describe, expect, it } from "vitest";
import { appUrl, composer, poll, sessionPerFile, waitForAnswer } from "./chat-support";

const session = sessionPerFile();

describe("a new chat's first send", () => {
  it("keeps the question on screen and the focus in its field, frame after frame, as the open chat takes over", async () => {
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
          // Where the focus is: the message field (M), or elsewhere (its tag).
          const active = document.activeElement;
          const focus = active?.matches(".composer-input") ? "M" : (active?.tagName ?? "none");
          frames.push(`${questions}${greeting ? "G" : ""}/${focus}`);
          if (performance.now() - started < 3000) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      await box.fill(`A first question, attempt ${attempt}`);
      // Sent with Enter, then with the Send button (which gives the focus to the field as it goes).
      if (attempt === 1) await box.press("Enter");
      else await page.getByRole("button", { name: "Send", exact: true }).click();
      await poll(() => new URL(page.url()).pathname).toMatch(/\/c\/\d+$/);
      await waitForAnswer(page);
      await page.waitForTimeout(3000);
      const frames = await page.evaluate(() => (window as unknown as { frames_: string[] }).frames_);
      const first = frames.indexOf("1/M");
      expect(first, frames.join(" ")).toBeGreaterThanOrEqual(0);
      // From the first frame that shows it, every frame does, the focus in the message field throughout.
      expect(
        frames.slice(first).filter((frame) => frame !== "1/M"),
        frames.join(" "),
      ).toEqual([]);
    }
  });
});
