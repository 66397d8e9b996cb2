// Journey: create an assistant (name, instructions, icon, colour, a file, its own model order), meet the inline error
// of a duplicate name, chat with it — its instructions reach the (stand-in) model — and delete it, its chat
// moving to the default assistant.
import type { Locator } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ASSISTANT_COLORS } from "../../src/domain/assistants";
import {
  appUrl,
  currentChatId,
  lastAnswer,
  poll,
  send,
  sessionPerFile,
  shownText,
  sidebarChats,
  waitForAnswer,
  watchProblems,
} from "./chat-support";
import { holdRequests } from "./session";

const session = sessionPerFile();
let problems: string[];
beforeAll(() => {
  problems = watchProblems(session.page);
});

const tag = crypto.randomUUID().slice(0, 8);
/** The first bytes of a real PNG: a picture by its name and its bytes. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const LABEL = `Pirate ${tag}`;
const PREPROMPT = `Speak like a pirate, matey ${tag}.`;

/** "#7550b8" → "rgb(117, 80, 184)", as getComputedStyle answers. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;

describe("an assistant of one's own", () => {
  let assistantId = 0;
  let chatId = 0;

  it("is created with a colour, an icon and its own model order", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/assistants`);
    await page.getByRole("link", { name: "New assistant" }).click();
    await page.getByRole("heading", { name: "New assistant" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/app/assistants/new");

    // A name is required: said next to the field, nothing sent.
    await page.getByRole("button", { name: "Create assistant" }).click();
    await page.getByText("Give your assistant a name.").waitFor();

    await page.getByLabel("Name").fill(LABEL);
    await page.getByLabel("Instructions").fill(PREPROMPT);
    await page.getByRole("radio", { name: "🧭" }).check();
    await page.getByRole("radio", { name: "Violet" }).check();
    // A file waits in the list until the assistant exists, then uploads with it. One the server would refuse
    // is said refused as it is picked, and never sent: an assistant reads documents, so a picture is refused
    // too, and the picker offers documents only.
    const accept = (await page.getByTestId("assistant-file-input").getAttribute("accept"))?.split(",") ?? [];
    expect(accept).toContain(".pdf");
    expect(accept).toContain(".txt");
    expect(accept).not.toContain(".png");
    expect(accept).not.toContain(".mp3");
    let uploads = 0;
    await page.route("**/api/attachments/upload", (route) => {
      uploads += 1;
      return route.continue();
    });
    await page.getByTestId("assistant-file-input").setInputFiles([
      {
        name: "owls.txt",
        mimeType: "text/plain",
        buffer: Buffer.from(`Owls can turn their heads 270 degrees. ${tag}`),
      },
      { name: "tool.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ not a document") },
      { name: "map.png", mimeType: "image/png", buffer: PNG },
    ]);
    const owls = page.getByTestId("assistant-file").filter({ hasText: "owls.txt" });
    await owls.waitFor();
    expect(await shownText(owls)).toContain("47 B");
    const tool = page.getByTestId("assistant-file").filter({ hasText: "tool.exe" });
    await poll(() => shownText(tool)).toContain("Not a document: an assistant reads documents only.");
    const map = page.getByTestId("assistant-file").filter({ hasText: "map.png" });
    await poll(() => shownText(map)).toContain("Not a document: an assistant reads documents only.");
    await page.getByRole("checkbox", { name: "Give it its own model order" }).check();
    // The user's order starts with the offline test model; this assistant puts GPT-5 (a stand-in) first.
    const text = page.getByTestId("models-text");
    await text.waitFor();
    await page.getByRole("button", { name: "Move GPT-5 up" }).click();
    await poll(() => text.locator(".model-label").first().textContent()).toBe("GPT-5");
    await page.getByRole("button", { name: "Create assistant" }).click();

    await poll(() => new URL(page.url()).pathname).toBe("/app/assistants");
    // Only the file that passed went up.
    expect(uploads).toBe(1);
    await page.unroute("**/api/attachments/upload");
    expect(problems).toEqual([]);
    const card = page.getByTestId("assistant-card").filter({ hasText: LABEL });
    await card.waitFor();
    expect(await shownText(card)).toContain(PREPROMPT);
    const href = (await card.getByRole("link", { name: `Edit ${LABEL}` }).getAttribute("href")) ?? "";
    assistantId = Number(/\/app\/assistants\/(\d+)$/.exec(href)?.[1]);
    expect(assistantId).toBeGreaterThan(0);
  });

  it("keeps its name its own: a second one with the same name is refused next to the field", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/assistants/new`);
    await page.getByLabel("Name").fill(LABEL);
    await page.getByRole("button", { name: "Create assistant" }).click();
    const error = page.getByText("You already have an assistant with this name. Choose another one.");
    await error.waitFor();
    expect(await page.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    // Announced, and the focus is on the field to change.
    expect(await error.getAttribute("role")).toBe("alert");
    await poll(() => page.getByLabel("Name").evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/app/assistants/new");
    // Editing the name clears the error.
    await page.getByLabel("Name").fill(`${LABEL} bis`);
    await poll(() => error.count()).toBe(0);
    // A name that shows nothing (a zero-width space) is no name: said at the field, nothing sent.
    const sent: string[] = [];
    page.on(
      "request",
      (request) => request.url().includes("/api/assistants/update") && sent.push(request.url()),
    );
    await page.getByLabel("Name").fill("\u200b");
    await page.getByRole("button", { name: "Create assistant" }).click();
    await page.getByText("Give your assistant a name.").waitFor();
    expect(sent).toEqual([]);
  });

  it("chats with its own default model; its instructions and its file reach the model", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/assistants`);
    await page.getByTestId("assistant-card").filter({ hasText: LABEL }).getByRole("link").first().click();
    await poll(() => new URL(page.url()).pathname).toBe(`/app/a/${assistantId}`);
    const title = page.locator(".chat-title");
    await poll(() => shownText(title)).toContain(LABEL);
    const avatar = title.locator(".assistant-avatar");
    expect(await avatar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      rgb(ASSISTANT_COLORS.violet),
    );
    await page.getByRole("navigation", { name: "Assistants" }).getByRole("link", { name: LABEL }).waitFor();
    await poll(() => shownText(page.locator(".model-picker-button .model-picker-label"))).toMatch(/^GPT-5\b/);

    await send(page, "Where is the treasure?");
    await waitForAnswer(page);
    chatId = await currentChatId(page);
    // The stand-in quotes its system message: the instructions, then the passages of the assistant's file.
    await poll(() => shownText(lastAnswer(page))).toContain(`Following the instructions: “${PREPROMPT}”`);
    expect(await shownText(lastAnswer(page))).toContain(
      `from owls.txt, reads: "Owls can turn their heads 270 degrees. ${tag}"`,
    );
    expect(new URL(page.url()).pathname).toBe(`/app/a/${assistantId}/c/${chatId}`);
  });

  it("uploads and removes files at once, saying so, asking first, saying what was refused and keeping the focus in the list", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/assistants/${assistantId}`);
    await page.getByRole("heading", { name: "Edit assistant" }).waitFor();
    // A saved assistant's files do not wait for Save: the page says so by them.
    await page
      .getByRole("group", { name: "Files" })
      .getByText("Files are added and removed at once: Save and Cancel do not change them.")
      .waitFor();
    await page.getByTestId("assistant-file-input").setInputFiles([
      { name: "notes-1.txt", mimeType: "text/plain", buffer: Buffer.from("one") },
      { name: "notes-2.txt", mimeType: "text/plain", buffer: Buffer.from("two") },
      // A web page renamed .pdf: the server would refuse it, and the refusal is announced, saying why.
      {
        name: "cat.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("<!DOCTYPE html><script>1</script>"),
      },
    ]);
    const refused = page
      .getByRole("alert")
      .filter({ hasText: "Its name says PDF, but its content is not a PDF file." });
    await refused.waitFor();
    // Settled: the uploaded ones among the stored files, the refused one left with its reason.
    const files = page.getByTestId("assistant-file");
    await poll(() => files.locator("progress").count()).toBe(0);
    expect(await files.count()).toBe(4);
    // A stored file goes for good, so its × asks first: Cancel has the focus, Escape keeps the file.
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent,
      );
    let deletes = 0;
    await page.route("**/api/attachments/delete", (route) => {
      deletes += 1;
      return route.continue();
    });
    await page.getByRole("button", { name: "Remove notes-1.txt" }).press("Enter");
    const dialog = page.getByRole("dialog", { name: "Remove notes-1.txt?" });
    await dialog.waitFor();
    expect(await shownText(dialog)).toContain("This cannot be undone.");
    await poll(focused).toBe("Cancel");
    await page.keyboard.press("Escape");
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(focused).toBe("Remove notes-1.txt");
    expect(await files.filter({ hasText: "notes-1.txt" }).count()).toBe(1);
    expect(deletes).toBe(0);
    // Confirmed, it goes, and the next file's remove button takes the focus, else the previous one's. A file
    // that was never stored (the refused one) goes without a question.
    for (const [removed, next, asks] of [
      ["notes-1.txt", "notes-2.txt", true],
      ["notes-2.txt", "cat.pdf", true],
      ["cat.pdf", "owls.txt", false],
    ] as const) {
      await page.getByRole("button", { name: `Remove ${removed}` }).press("Enter");
      if (asks) {
        await page.getByRole("dialog", { name: `Remove ${removed}?` }).waitFor();
        await page.keyboard.press("Tab");
        await poll(focused).toBe("Remove file");
        await page.keyboard.press("Enter");
      }
      await poll(() => files.filter({ hasText: removed }).count()).toBe(0);
      await poll(focused).toBe(`Remove ${next}`);
    }
    expect(deletes).toBe(2);
    await page.unroute("**/api/attachments/delete");
  });

  it("takes files dropped on its Files section, and a drop elsewhere never leaves the page", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/assistants/${assistantId}`);
    await page.getByRole("heading", { name: "Edit assistant" }).waitFor();
    await page.getByLabel("Name").fill(`${LABEL} (unsaved)`);
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["Parrots repeat."], "parrots.md", { type: "text/markdown" }));
      return transfer;
    });
    const section = page.getByRole("group", { name: "Files" });
    // Dragged over the page, the section says it takes them.
    await page.locator(".assistant-preview").dispatchEvent("dragenter", { dataTransfer });
    await section.getByText("Drop files here to add them").waitFor();
    // Dropped elsewhere (the instructions): taken from the browser, which would open the file in the tab.
    const prevented = (selector: string) =>
      page.evaluate(
        ([selector, transfer]) => {
          const event = new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true });
          document.querySelector(selector)?.dispatchEvent(event);
          return event.defaultPrevented;
        },
        [selector, dataTransfer] as const,
      );
    const overPrevented = await page.evaluate((transfer) => {
      const event = new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true });
      document.querySelector("#assistant-preprompt")?.dispatchEvent(event);
      return event.defaultPrevented;
    }, dataTransfer);
    expect(overPrevented).toBe(true);
    expect(await prevented("#assistant-preprompt")).toBe(true);
    await poll(() => section.getByText("Drop files here to add them").count()).toBe(0);
    expect(await page.getByTestId("assistant-file").filter({ hasText: "parrots.md" }).count()).toBe(0);
    // Dropped on the Files section: uploaded at once, like a picked file.
    expect(await prevented(".assistant-files")).toBe(true);
    await page.getByTestId("assistant-file").filter({ hasText: "parrots.md" }).waitFor();
    await poll(() =>
      page.getByTestId("assistant-file").filter({ hasText: "parrots.md" }).locator("progress").count(),
    ).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/app/assistants/${assistantId}`);
    expect(await page.getByLabel("Name").inputValue()).toBe(`${LABEL} (unsaved)`);
  });

  it("keeps a refused file with a very long name to one row on a phone, its × at the end", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${appUrl()}/app/assistants/${assistantId}`);
      await page.getByRole("heading", { name: "Edit assistant" }).waitFor();
      const name = `${"w".repeat(196)}.png`;
      await page
        .getByTestId("assistant-file-input")
        .setInputFiles([{ name, mimeType: "image/png", buffer: PNG }]);
      const row = page.getByTestId("assistant-file").filter({ hasText: "Not a document" });
      await row.waitFor();
      const layout = await row.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const label = element.querySelector(".assistant-file-name") as HTMLElement;
        const nameBox = label.getBoundingClientRect();
        const remove = (
          element.querySelector(".assistant-file-remove") as HTMLElement
        ).getBoundingClientRect();
        return {
          nameLines: Math.round(nameBox.height / Number.parseFloat(getComputedStyle(label).lineHeight)),
          cut: label.scrollWidth > label.clientWidth && getComputedStyle(label).textOverflow === "ellipsis",
          title: label.title,
          // The × on the name's line, at the row's end.
          removeBesideName: remove.top < nameBox.bottom && remove.bottom > nameBox.top,
          removeAtEnd: box.right - remove.right < 12,
          pageFits: document.documentElement.scrollWidth <= window.innerWidth,
        };
      });
      expect(layout).toEqual({
        nameLines: 1,
        cut: true,
        title: name,
        removeBesideName: true,
        removeAtEnd: true,
        pageFits: true,
      });
      await row.getByRole("button", { name: `Remove ${name}` }).waitFor();
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("is deleted after a confirmation that says its chats move to the default assistant", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/assistants/${assistantId}`);
    await page.getByRole("heading", { name: "Edit assistant" }).waitFor();
    expect(await page.getByLabel("Name").inputValue()).toBe(LABEL);
    // Its file was uploaded when it was created.
    await page.getByTestId("assistant-file").filter({ hasText: "owls.txt" }).waitFor();
    await page.getByRole("button", { name: "Delete this assistant" }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${LABEL}?` });
    await dialog.waitFor();
    expect(await shownText(dialog)).toContain("they move to the SWITCHBOARD assistant");
    // While it works, the button keeps the focus: unavailable (aria-disabled), a second press ignored.
    const held = await holdRequests(page, "/api/assistants/delete");
    const confirm = dialog.getByRole("button", { name: "Delete assistant" });
    await confirm.press("Enter");
    await poll(() => confirm.isDisabled()).toBe(true);
    expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await confirm.getAttribute("aria-disabled")).toBe("true");
    await page.keyboard.press("Enter");
    held.release();

    await poll(() => new URL(page.url()).pathname).toBe("/app/assistants");
    await page.getByRole("heading", { name: "Assistants" }).waitFor();
    await poll(() => page.getByTestId("assistant-card").filter({ hasText: LABEL }).count()).toBe(0);
    expect(held.count).toBe(1);
    await page.unroute("**/api/assistants/delete");

    await page.goto(`${appUrl()}/app/a/default`);
    const ids = () =>
      sidebarChats(page).evaluateAll((items) => items.map((li) => li.getAttribute("data-chat-id")));
    await poll(ids).toContain(String(chatId));
    // Its old address is now the 404 of an unknown assistant.
    await page.goto(`${appUrl()}/app/assistants/${assistantId}`);
    await page.getByTestId("error-screen").waitFor();
    // The only failed requests of the journey are the duplicate's refused save and the refused upload (the
    // browser logs their 409 and 415).
    const refused = (problem: string) => /status of (409|415)/.test(problem);
    expect(problems.filter((problem) => !refused(problem))).toEqual([]);
    expect(problems.filter((problem) => problem.includes("status of 409"))).toHaveLength(1);
  });
});

describe("an assistant with a long name", () => {
  // The longest a name may be: Arabic, an emoji and a run of x's, 200 characters (QA's).
  const longName = (mark: string) => `محقق 🦜 ${mark} ${"x".repeat(200)}`.slice(0, 200);
  const boxOf = async (locator: Locator) => {
    const box = await locator.boundingBox();
    if (!box) throw new Error("not shown");
    return box;
  };
  type Box = { x: number; y: number; width: number; height: number };
  const overlap = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it.each([
    ["a computer", 1280, 800, 170],
    ["a phone", 390, 844, 110],
  ])(
    "is said saved on %s in a notice of a sane size, the name cut with …, clear of the account links",
    async (_, width, height, tallest) => {
      const { page } = session;
      await page.setViewportSize({ width, height });
      try {
        const mark = `R${width}${tag}`;
        await page.goto(`${appUrl()}/app/assistants/new`);
        await page.getByLabel("Name").fill(longName(mark));
        await page.getByRole("button", { name: "Create assistant" }).click();
        const toast = page.getByTestId("notification").filter({ hasText: mark });
        await toast.waitFor();
        // The sentence whole, the name shortened in it: 17 lines of x's hid the "saved" it was there to say.
        const title = (await shownText(toast.locator(".toast-title"))).replace(/\s+/g, " ");
        expect(title).toMatch(new RegExp(`^محقق 🦜 ${mark} x+… saved$`));
        const fits = await toast.evaluate((element) => {
          const text = element.querySelector(".toast-text") as HTMLElement;
          const heading = element.querySelector(".toast-title") as HTMLElement;
          const close = element.querySelector(".icon-button") as HTMLElement;
          return {
            overflows: text.scrollWidth > text.clientWidth,
            cut: heading.scrollHeight > heading.clientHeight + 1,
            clear: text.getBoundingClientRect().right <= close.getBoundingClientRect().left + 0.5,
          };
        });
        expect(fits).toEqual({ overflows: false, cut: false, clear: true });
        const box = await boxOf(toast);
        expect(box.height).toBeLessThanOrEqual(tallest);
        // It covered the account pages' links (Password, Team, API…), on a computer as on a phone.
        const links = page.getByRole("navigation", { name: "Account" }).getByRole("link");
        const covered: string[] = [];
        for (const link of await links.all()) {
          if (!(await link.isVisible())) continue;
          if (overlap(box, await boxOf(link))) covered.push(await shownText(link));
        }
        expect(covered).toEqual([]);
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    },
  );

  it("is said deleted in the whole sentence, the name cut with … and whole on hover", async () => {
    const { page } = session;
    const mark = `D${tag}`;
    await page.goto(`${appUrl()}/app/assistants/new`);
    await page.getByLabel("Name").fill(longName(mark));
    await page.getByRole("button", { name: "Create assistant" }).click();
    const saved = page.getByTestId("notification").filter({ hasText: mark });
    await saved.getByRole("button", { name: "Close" }).click();
    await page.getByRole("link", { name: `Edit ${longName(mark)}` }).click();
    await page.getByRole("button", { name: "Delete this assistant" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete assistant" }).click();
    const toast = page.getByTestId("notification").filter({ hasText: mark });
    await toast.waitFor();
    // In the account pages' narrow column too, no line of the sentence is cut off.
    const title = toast.locator(".toast-title");
    expect((await shownText(title)).replace(/\s+/g, " ")).toMatch(
      new RegExp(`^محقق 🦜 ${mark} x+… deleted\\. Its chats are now with the default assistant\\.$`),
    );
    expect(await title.evaluate((element) => element.scrollHeight > element.clientHeight + 1)).toBe(false);
    // On hover it names the assistant whole, not as the sentence shortened it.
    await poll(() => title.getAttribute("title")).toBe(
      `${longName(mark)} deleted. Its chats are now with the default assistant.`,
    );
  });

  it("keeps its card to two lines of name, as long as the name is", async () => {
    const { page } = session;
    const name = `Wide${"w".repeat(190)}${tag}`.slice(0, 200);
    await page.goto(`${appUrl()}/app/assistants/new`);
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create assistant" }).click();
    await poll(() => new URL(page.url()).pathname).toBe("/app/assistants");
    const title = page.getByTestId("assistant-card").filter({ hasText: name }).locator("strong");
    const lines = await title.evaluate((element) => {
      const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
      return Math.round(element.getBoundingClientRect().height / lineHeight);
    });
    expect(lines).toBeLessThanOrEqual(2);
  });
});
