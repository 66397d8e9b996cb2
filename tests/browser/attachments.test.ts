// Journeys with files: a picture dropped on the chat reaches a vision model (its stand-in says so) and shows
// on the message after a reload; documents over the conversation's 32 MB are refused before sending with the
// draft kept, the notice saying to remove a file; an image-only tool needs no prompt and answers an image; the
// picker offers only the types the server keeps; on a phone many chips scroll within a few rows.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { uploadAccept } from "../../src/domain/files";
import { makePdf } from "../support/documents";
import { fakePng } from "../upstreams/fake-content";
import { launchBrowser } from "./browser";
import {
  appUrl,
  composer,
  currentChatId,
  lastAnswer,
  poll,
  shownText,
  signIn,
  waitForAnswer,
  watchProblems,
} from "./chat-support";

/** Vision models first, an image-only tool among the image models. */
const MODELS = {
  text: ["gpt-4.1", "test"],
  reasoning: ["test-reasoning"],
  web: ["test-web"],
  image: ["stability-upscaler", "test-image"],
  light_text: ["test-light"],
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signIn(context);
  const saved = await context.request.post(`${appUrl()}/api/user/preferences/saveModelsConfiguration`, {
    data: { modelsConfiguration: MODELS },
    headers: { Origin: appUrl() },
  });
  expect(saved.ok()).toBe(true);
  page = await context.newPage();
  problems = watchProblems(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const chips = () => page.getByTestId("file-chip");
const sendButton = () => page.getByRole("button", { name: "Send" });

async function newChatScreen() {
  await page.goto(`${appUrl()}/app/a/default`);
  await page.getByRole("heading", { name: "How can I help you today?" }).waitFor();
}

async function pickModel(key: string) {
  await page.locator(".model-picker-button").click();
  await page.locator(`[role="option"][data-model="${key}"]`).click();
}

/**
 * Large files for the browser's file input, written to disk: a local browser reads a path itself, where a
 * buffer would cross the DevTools protocol in base64 (~15 s for 33 MB on a 2-core machine). Removed once
 * the test ends.
 */
function filesOnDisk(files: [name: string, size: number, fill: string][]): string[] {
  const dir = mkdtempSync(join(tmpdir(), "switchboard-files-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return files.map(([name, size, fill]) => {
    const path = join(dir, name);
    writeFileSync(path, Buffer.alloc(size, fill));
    return path;
  });
}

describe("attachments", () => {
  it("drops a picture on the chat: a vision model receives it, and the message keeps it after a reload", async () => {
    await newChatScreen();
    await poll(() => shownText(page.locator(".model-picker-button"))).toContain("GPT-4.1");
    const png = Buffer.from(fakePng("a red kite", 24)).toString("base64");
    const dataTransfer = await page.evaluateHandle((b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], "kite.png", { type: "image/png" }));
      return transfer;
    }, png);
    const target = page.locator(".chat-hero");
    await target.dispatchEvent("dragenter", { dataTransfer });
    await page.getByText("Drop files to attach them").waitFor();
    await target.dispatchEvent("drop", { dataTransfer });
    await chips().filter({ hasText: "kite.png" }).waitFor();
    // The same file dropped again is not added twice (SPEC §5).
    await target.dispatchEvent("drop", { dataTransfer });
    await poll(() => chips().count()).toBe(1);
    await poll(() => chips().first().getAttribute("aria-busy")).toBeNull();

    await composer(page).fill("What is in this picture?");
    await poll(() => sendButton().isDisabled()).toBe(false);
    await composer(page).press("Enter");
    const chatId = await currentChatId(page);
    const answer = await waitForAnswer(page);
    expect(await shownText(answer)).toContain("I received 1 image with your message");
    const question = page.locator("#root article.message.user").last();
    await question.locator("img.message-image").waitFor();
    expect(await chips().count()).toBe(0);

    await page.reload();
    await poll(() => page.url()).toContain(`/c/${chatId}`);
    const thumbnail = page.locator("#root article.message.user img.message-image").first();
    await thumbnail.waitFor();
    await poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
  });

  it("edits that question: the picture stays unless removed, and the answer follows what was kept", async () => {
    await currentChatId(page);
    const question = () => page.locator("#root article.message.user").last();
    const editTo = async (words: string, removeFile: boolean) => {
      await question().getByRole("button", { name: "Edit" }).click();
      const editor = page.locator("form.message-editor");
      await editor.getByTestId("file-chip").filter({ hasText: "kite.png" }).waitFor();
      await editor.getByRole("textbox", { name: "Your message" }).fill(words);
      if (removeFile) await editor.getByRole("button", { name: "Remove kite.png" }).click();
      await editor.getByRole("button", { name: "Save" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Replace the answer" }).click();
      await poll(() => shownText(question())).toContain(words);
      // The old answer went with the old question: the last answer is the new one.
      await waitForAnswer(page);
    };

    await editTo("What is in this picture, in one word?", false);
    await question().locator("img.message-image").waitFor();
    await poll(() => shownText(lastAnswer(page))).toContain("I received 1 image with your message");

    await editTo("Describe a kite without a picture", true);
    await poll(() => shownText(lastAnswer(page))).toContain("kite");
    expect(await question().locator("img.message-image").count()).toBe(0);
    expect(await shownText(lastAnswer(page))).not.toContain("I received 1 image");
    expect(await page.locator("#root article.message.user").count()).toBe(1);
  });

  it("shows the documents an answer drew on as it ends, with no reload", async () => {
    await newChatScreen();
    await pickModel("test");
    await composer(page).fill("What does the manual say about the lamp?");
    const manual = "The lamp is switched on with the red button. ".repeat(40);
    const specs = makePdf([["The lamp draws 40 watts."], ["The lamp weighs two kilograms."]]);
    await page.getByTestId("composer-file-input").setInputFiles([
      { name: "lamp-manual.txt", mimeType: "text/plain", buffer: Buffer.from(manual) },
      { name: "lamp-specs.pdf", mimeType: "application/pdf", buffer: Buffer.from(specs) },
    ]);
    await poll(() => chips().count()).toBe(2);
    await poll(() => sendButton().isDisabled()).toBe(false);
    await composer(page).press("Enter");
    const answer = await waitForAnswer(page);
    const sources = answer.locator(".documents-status");
    await poll(() => shownText(sources)).toContain("From your documents");
    // Each document a chip of its own, as the web's sources are, its pages apart from its name on screen and
    // for a screen reader.
    const read = await sources.ariaSnapshot();
    expect(read).toMatch(/- listitem: lamp-manual\.txt$/m);
    expect(read).toMatch(/- listitem: lamp-specs\.pdf ?, p\. 1\b/);
    const shown = await sources.locator("li").evaluateAll((items) =>
      items.map((item) => {
        const chip = item.firstElementChild;
        const [title, pages] = [".source-title", ".source-host"].map((s) => item.querySelector(s));
        return {
          name: title?.textContent,
          border: chip ? getComputedStyle(chip).borderTopStyle : "none",
          // The room between the name and its pages.
          apart: pages
            ? pages.getBoundingClientRect().left - (title?.getBoundingClientRect().right ?? 0) >= 4
            : null,
        };
      }),
    );
    expect(shown.sort((a, b) => String(a.name).localeCompare(String(b.name)))).toEqual([
      { name: "lamp-manual.txt", border: "solid", apart: null },
      { name: "lamp-specs.pdf", border: "solid", apart: true },
    ]);
  });

  it("refuses documents over 32 MB in all before sending, with the SPEC §8 message, keeping the draft", async () => {
    await newChatScreen();
    await pickModel("test");
    await composer(page).fill("Summarise both reports");
    // 33 MB through the browser's file input: give it room on a loaded machine.
    await page.getByTestId("composer-file-input").setInputFiles(
      filesOnDisk([
        ["report-a.txt", 17_000_000, "a"],
        ["report-b.txt", 16_000_000, "b"],
      ]),
      { timeout: 120_000 },
    );
    await poll(() => chips().count()).toBe(2);
    const alert = page.getByTestId("composer-problems");
    // A new chat has no previous message to edit: removing one of these files is the way.
    await poll(() => shownText(alert)).toContain(
      "The documents total more than the 32 MB limit. Remove one of the files attached to this message, then send it.",
    );
    expect(await shownText(alert)).not.toContain("editing the previous message");
    // Each is over 10 MB: flagged on its chip. Sizes as SPEC §5 writes them.
    await poll(() => shownText(chips().first())).toContain("17 MB");
    expect(await shownText(chips().first())).toContain("Over 10 MB");
    expect(await sendButton().isDisabled()).toBe(true);
    await composer(page).press("Enter");
    expect(await composer(page).inputValue()).toBe("Summarise both reports");
    expect(await chips().count()).toBe(2);

    // Removing one brings the total under the limit: the message can go.
    await page.getByRole("button", { name: "Remove report-b.txt" }).click();
    await poll(() => alert.count()).toBe(0);
    await poll(() => sendButton().isDisabled(), 120_000).toBe(false);
    await page.getByRole("button", { name: "Remove report-a.txt" }).click();
  }, 300_000);

  it("refuses a file over 32 MB on its chip as it is picked, sending none of it and counting it in no total", async () => {
    await newChatScreen();
    let uploads = 0;
    await page.route("**/api/attachments/upload", (route) => {
      uploads += 1;
      return route.continue();
    });
    await page
      .getByTestId("composer-file-input")
      .setInputFiles(filesOnDisk([["huge.txt", 33_000_000, "h"]]), { timeout: 120_000 });
    // The limit stated, not "too large" alone.
    await poll(() => shownText(chips().first())).toContain("Files can be at most 32 MB.");
    // Its remove button stays beside the name, above the reason, not pushed under it.
    const edge = (part: string, side: "top" | "bottom") =>
      chips()
        .first()
        .locator(part)
        .evaluate((element, which) => element.getBoundingClientRect()[which], side);
    expect(await edge(".file-chip-remove", "bottom")).toBeLessThanOrEqual(
      await edge(".file-chip-warning", "top"),
    );
    // Never stored, so no documents total to bring down: the chip alone says what is wrong.
    expect(await page.getByTestId("composer-problems").count()).toBe(0);
    expect(uploads).toBe(0);
    await page.unroute("**/api/attachments/upload");
    await page.getByRole("button", { name: "Remove huge.txt" }).click();
  }, 300_000);

  it("over the documents total in an open chat, opens the previous message's editor to remove one", async () => {
    // A chat whose question carries a 20 MB document (made through the API: a file input takes long).
    const origin = { Origin: appUrl() };
    const uploaded = await context.request.post(`${appUrl()}/api/attachments/upload`, {
      headers: origin,
      multipart: {
        file: { name: "big-report.txt", mimeType: "text/plain", buffer: Buffer.alloc(20_000_000, "a") },
      },
    });
    expect(uploaded.status()).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    const created = await context.request.post(`${appUrl()}/api/chat/new`, {
      headers: origin,
      data: { assistantId: "default", model: "test", content: "Read the big report", attachmentIds: [id] },
    });
    expect(created.status()).toBe(201);
    const { chat } = (await created.json()) as { chat: { id: number } };
    await page.goto(`${appUrl()}/app/a/default/c/${chat.id}`);
    // Its answer ends at once: a text that long is "too complex" for the document pipeline (SPEC §8).
    await poll(() => shownText(lastAnswer(page)), 60_000).toContain("too complex");

    await page
      .getByTestId("composer-file-input")
      .setInputFiles(filesOnDisk([["second-report.txt", 13_000_000, "b"]]), { timeout: 120_000 });
    const alert = page.getByTestId("composer-problems");
    await poll(() => shownText(alert), 120_000).toContain("The documents total more than the 32 MB limit");
    await alert.getByRole("button", { name: "Edit the previous message" }).click();

    const editor = page.locator("form.message-editor");
    await editor.getByRole("button", { name: "Remove big-report.txt" }).click();
    await editor.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Replace the answer" }).click();
    await poll(() => editor.count()).toBe(0);
    await waitForAnswer(page);
    // The conversation is under its total again: the second report can go.
    await poll(() => alert.count()).toBe(0);
    await poll(() => sendButton().isDisabled(), 120_000).toBe(false);
    await composer(page).fill("And this one?");
    await composer(page).press("Enter");
    const asked = page.locator("#root article.message.user").last();
    await poll(() => shownText(asked)).toContain("second-report.txt");
    expect(await page.locator("#root article.message.user").count()).toBe(2);
  }, 300_000);

  it("takes a pasted picture, and says before sending what the chosen model cannot take", async () => {
    await newChatScreen();
    await pickModel("gpt-4.1");
    const png = Buffer.from(fakePng("pasted", 12)).toString("base64");
    await composer(page).evaluate((area, b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const clipboardData = new DataTransfer();
      clipboardData.items.add(new File([bytes], "image.png", { type: "image/png" }));
      area.dispatchEvent(new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }));
    }, png);
    await chips().filter({ hasText: "image.png" }).waitFor();
    await page.getByRole("button", { name: "Remove image.png" }).click();
    await poll(() => chips().count()).toBe(0);
    await page
      .getByTestId("composer-file-input")
      .setInputFiles([
        { name: "voice.wav", mimeType: "audio/wav", buffer: Buffer.from("RIFF\0\0\0\0WAVEfmt ", "latin1") },
      ]);
    await poll(() => shownText(page.getByTestId("composer-problems"))).toContain("GPT-4.1 can't take audio");
    await composer(page).fill("Transcribe this");
    expect(await sendButton().isDisabled()).toBe(true);
    await page.locator(".model-picker-button").click();
    await poll(() => shownText(page.locator('[role="option"][data-model="gpt-4.1"]'))).toContain(
      "Can't take audio",
    );
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Remove voice.wav" }).click();

    // A web page renamed .png is refused by the server: its chip says so and nothing can be sent with it.
    await page
      .getByTestId("composer-file-input")
      .setInputFiles([
        { name: "cat.png", mimeType: "image/png", buffer: Buffer.from("<!DOCTYPE html><script>1</script>") },
      ]);
    // The rule it broke, specifically; and no thumbnail, which would show broken (the bytes are no picture).
    await poll(() => shownText(chips().first())).toContain(
      "Its name says PNG, but its content is not a PNG file.",
    );
    expect(await chips().first().locator("img").count()).toBe(0);
    expect(await sendButton().isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Remove cat.png" }).click();
    // A real picture still gets its thumbnail once its bytes are checked.
    await page
      .getByTestId("composer-file-input")
      .setInputFiles([{ name: "real.png", mimeType: "image/png", buffer: Buffer.from(fakePng("real", 8)) }]);
    await chips().first().locator("img.file-chip-thumb").waitFor();
    await page.getByRole("button", { name: "Remove real.png" }).click();
  });

  it("takes at most 20 files per message, by the paperclip, a drop or a paste, saying how many were left out", async () => {
    await newChatScreen();
    await pickModel("test");
    const notes = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        name: `note-${from + i}.md`,
        mimeType: "text/markdown",
        buffer: Buffer.from(`# Note ${from + i}`),
      }));
    const problemsShown = () => shownText(page.getByTestId("composer-problems"));
    await page.getByTestId("composer-file-input").setInputFiles(notes(1, 22));
    await poll(() => chips().count()).toBe(20);
    await poll(problemsShown).toBe("A message takes at most 20 files: 2 files were left out.");
    // The first ones are kept, in order.
    expect(await chips().first().textContent()).toContain("note-1.md");
    expect(await chips().last().textContent()).toContain("note-20.md");

    // Pasted: none fits.
    await composer(page).evaluate((area) => {
      const clipboardData = new DataTransfer();
      clipboardData.items.add(new File(["# pasted"], "pasted.md", { type: "text/markdown" }));
      area.dispatchEvent(new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }));
    });
    await poll(problemsShown).toBe("A message takes at most 20 files: 1 file was left out.");
    expect(await chips().count()).toBe(20);

    // Dropped with room for one: the first of the two joins.
    await page.getByRole("button", { name: "Remove note-20.md" }).click();
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      for (const name of ["dropped-a.md", "dropped-b.md"]) {
        transfer.items.add(new File([`# ${name}`], name, { type: "text/markdown" }));
      }
      return transfer;
    });
    await page.locator(".chat-hero").dispatchEvent("dragenter", { dataTransfer });
    await page.locator(".chat-hero").dispatchEvent("drop", { dataTransfer });
    await chips().filter({ hasText: "dropped-a.md" }).waitFor();
    await poll(problemsShown).toBe("A message takes at most 20 files: 1 file was left out.");
    expect(await chips().count()).toBe(20);
    expect(await chips().filter({ hasText: "dropped-b.md" }).count()).toBe(0);

    // Twenty go: the server takes the message (it refused 21 with a notice saying to try again).
    await poll(() => page.locator('[data-testid="file-chip"][aria-busy]').count()).toBe(0);
    await composer(page).fill("Read my notes");
    await poll(() => sendButton().isDisabled()).toBe(false);
    await composer(page).press("Enter");
    await currentChatId(page);
    await waitForAnswer(page);
    expect(await page.locator(".composer-dock .message-notice").count()).toBe(0);
    expect(await page.locator("#root article.message.user").last().getByTestId("file-chip").count()).toBe(20);
    expect(await page.getByTestId("composer-problems").count()).toBe(0);
  }, 120_000);

  it("says what was wrong with a message the server refused, not to try again, keeping the draft", async () => {
    await newChatScreen();
    await pickModel("test");
    // Half a surrogate pair: the server refuses the text as invalid (400 invalid_input), every time.
    await composer(page).evaluate((area: HTMLTextAreaElement) => {
      const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
      set?.call(area, "half a pair \uD800 here");
      area.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await composer(page).press("Enter");
    const notice = page.locator(".composer-dock .message-notice");
    await poll(() => shownText(notice)).toContain("Part of this message was not accepted");
    expect(await shownText(notice)).not.toMatch(/try again/i);
    expect(await notice.getAttribute("data-notice")).toBe("messageRefused");
    expect(await composer(page).inputValue()).toBe("half a pair \uD800 here");
    await composer(page).fill("");
  });

  it("runs an image-only tool on an uploaded picture with no prompt and answers an image", async () => {
    await newChatScreen();
    await pickModel("stability-upscaler");
    // A picture alone: no words left in the composer by an earlier journey.
    await composer(page).fill("");
    await poll(() => composer(page).getAttribute("placeholder")).toContain("No prompt needed");
    expect(await sendButton().isDisabled()).toBe(true);
    // Picking the tool is no mistake: what it needs is a note, not an alert.
    await page.getByTestId("composer-note").getByText("works on a picture: attach an image").waitFor();
    expect(await page.getByTestId("composer-problems").count()).toBe(0);
    await page
      .getByTestId("composer-file-input")
      .setInputFiles([
        { name: "small.png", mimeType: "image/png", buffer: Buffer.from(fakePng("tiny", 16)) },
      ]);
    await page.getByText("No prompt needed: the picture is all this tool takes.").waitFor();
    await poll(() => sendButton().isDisabled()).toBe(false);
    await sendButton().click();
    await currentChatId(page);
    const answer = lastAnswer(page);
    const image = answer.locator("img").first();
    await image.waitFor({ timeout: 30_000 });
    await poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const question = page.locator("#root article.message.user").last();
    await question.locator("img.message-image").waitFor();
    // Nothing to copy in a picture-only question.
    expect(await question.locator(".user-bubble").count()).toBe(0);
    expect(await question.getByRole("button", { name: "Copy", exact: true }).count()).toBe(0);
  });

  it("offers in its file picker only the types the server keeps", async () => {
    await newChatScreen();
    expect(await page.getByTestId("composer-file-input").getAttribute("accept")).toBe(uploadAccept());
  });

  it("keeps the focus among the chips as they are removed: the next one, else the previous, else the text", async () => {
    await newChatScreen();
    await page.getByTestId("composer-file-input").setInputFiles(
      ["one.md", "two.md", "three.md"].map((name) => ({
        name,
        mimeType: "text/markdown",
        buffer: Buffer.from(`# ${name}`),
      })),
    );
    await poll(() => chips().count()).toBe(3);
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName,
      );
    for (const [removed, next] of [
      ["two.md", "Remove three.md"],
      ["three.md", "Remove one.md"],
      ["one.md", "Message"],
    ]) {
      await page.getByRole("button", { name: `Remove ${removed}` }).press("Enter");
      await poll(focused).toBe(next);
    }
  });

  it("keeps many chips to a few rows on a phone (390×844), the text field in sight", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await newChatScreen();
    const parts = Array.from({ length: 12 }, (_, i) => ({
      name: `quarterly-report-part-${i + 10}.md`,
      mimeType: "text/markdown",
      buffer: Buffer.from(`# Part ${i}`),
    }));
    await page.getByTestId("composer-file-input").setInputFiles(parts);
    await poll(() => chips().count()).toBe(12);
    expect((await page.locator(".composer-box").boundingBox())?.height).toBeLessThan(844 / 2);
    const inSight = await composer(page).evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= innerHeight;
    });
    expect(inSight).toBe(true);
    const list = page.getByRole("list", { name: "Attached files" });
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    // Uploads finished before the page goes: none is cut short.
    await poll(() => page.locator('[data-testid="file-chip"][aria-busy]').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("fits a phone (375 px): chips wrap inside the composer, nothing scrolls sideways", async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await newChatScreen();
    await page.getByTestId("composer-file-input").setInputFiles([
      {
        name: "a-rather-long-file-name-for-a-small-screen.md",
        mimeType: "text/markdown",
        buffer: Buffer.from("# a"),
      },
      { name: "second.csv", mimeType: "text/csv", buffer: Buffer.from("a,b\n1,2") },
    ]);
    await poll(() => chips().count()).toBe(2);
    for (const chip of await chips().all()) {
      const box = await chip.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const name of ["a-rather-long-file-name-for-a-small-screen.md", "second.csv"]) {
      await page.getByRole("button", { name: `Remove ${name}` }).click();
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("left no page errors", () => {
    expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
  });
});
