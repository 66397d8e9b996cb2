// Journey: Ctrl+K opens quick search with the 5 recent chats; typing finds messages grouped by chat with the
// words highlighted, the listbox holding only groups of options (axe), no tab stop even when it scrolls, and
// the field showing its focus; the arrows move the selection; Enter jumps to a message far up a 1,000-message chat, and to a message taller
// than the screen with its start in sight. Punctuation alone is not sent, the dialog says why; a long
// assistant's name ends in "…" with the chat's title and the time in sight, on a desktop and a 320 px phone;
// today's chat shows its time alone, the full date and time in its title.
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hashPassword } from "../../src/auth/password";
import { axeViolations } from "./axe";
import { launchBrowser } from "./browser";
import { appUrl, composer, DEMO_PASSWORD, poll, signIn, watchProblems } from "./chat-support";

const WORD = `quasar${crypto
  .randomUUID()
  .replace(/[^a-f]/g, "")
  .slice(0, 8)}`;
/** A word of its own (not starting as WORD does) at the top of a message taller than the screen. */
const TALL_WORD = `nebula${crypto
  .randomUUID()
  .replace(/[^a-f]/g, "")
  .slice(0, 8)}`;
/** A word found only in the chat of the assistant with a long name. */
const LONG_WORD = `zephyr${crypto
  .randomUUID()
  .replace(/[^a-f]/g, "")
  .slice(0, 8)}`;
const LONG_ASSISTANT = "Rechtsschutzversicherungsgesellschaftenberatungsassistent Donaudampfschifffahrt";
const EMAIL = `search-${crypto.randomUUID()}@demo.switchboard.test`;
let longChatId = 0;
let targetId = 0;
let tallId = 0;
let recentTitles: string[] = [];

/** An account of this file's own (recent chats must be its chats alone), its chats written straight to the database. */
async function arrange(): Promise<void> {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    const hashed = await hashPassword(DEMO_PASSWORD);
    const { rows: users } = await client.query<{ id: string }>(
      `insert into hot."user" (email, verified, "hashedPassword") values ($1, true, $2) returning id`,
      [EMAIL, hashed],
    );
    const userId = Number(users[0]?.id);
    await client.query(
      `insert into hot.subscription ("userId", customer, subscription, amount, ok) values ($1, $2, $3, 2000, true)`,
      [userId, `cus_search_${userId}`, `sub_search_${userId}`],
    );
    const { rows: assistants } = await client.query<{ id: string }>(
      `insert into hot.assistant ("userId", label) values ($1, $2) returning id`,
      [userId, LONG_ASSISTANT],
    );
    const chat = async (title: string, daysAgo: number, assistantId: number | null = null) => {
      const { rows } = await client.query<{ id: string }>(
        `insert into hot.chat ("user", title, model, "createdAt", "updatedAt", "assistantId")
         values ($1, $2, 'test', now() - $3::float * interval '1 day', now() - $3::float * interval '1 day', $4) returning id`,
        [userId, title, daysAgo, assistantId],
      );
      return Number(rows[0]?.id);
    };
    // The long chat: 1,000 messages a minute apart; the one to find is the 11th, far above the latest page,
    // and the 21st is a question of 120 paragraphs.
    longChatId = await chat("A very long conversation", 7);
    await client.query(
      `insert into hot.message (chat, content, metadata, model, "createdAt")
       select $1, case when n = 11 then $2
         when n = 21 then $3 || repeat(E'\\n\\nA paragraph of a question taller than the screen.', 120)
         else 'Line number ' || n || E' of a long talk\\n\\nwith a second paragraph' end,
         jsonb_build_object('role', case when n % 2 = 1 then 'user' else 'assistant' end, 'done', true),
         case when n % 2 = 1 then null else 'test' end,
         now() - interval '8 days' + make_interval(mins => n)
       from generate_series(1, 1000) n`,
      [longChatId, `The ${WORD} sits at the edge of the observable universe.`, `Where is the ${TALL_WORD}?`],
    );
    const { rows: target } = await client.query<{ id: string }>(
      "select id from hot.message where chat = $1 and content like 'The %' limit 1",
      [longChatId],
    );
    targetId = Number(target[0]?.id);
    const { rows: tall } = await client.query<{ id: string }>(
      "select id from hot.message where chat = $1 and content like 'Where is %' limit 1",
      [longChatId],
    );
    tallId = Number(tall[0]?.id);
    // A newer chat mentioning the word too, and five more recent ones.
    const shortChat = await chat("Astronomy notes", 1);
    await client.query(
      `insert into hot.message (chat, content, metadata) values ($1, $2, '{"role":"user"}')`,
      [shortChat, `Is a ${WORD} <b>bright</b>?`],
    );
    recentTitles = [];
    for (let i = 1; i <= 5; i++) {
      recentTitles.unshift(`Recent chat ${i}`);
      // The newest one, from just now (today, whatever the hour), belongs to the assistant with a long name.
      const id = await chat(
        `Recent chat ${i}`,
        i === 5 ? 0 : 1 - i / 10,
        i === 5 ? Number(assistants[0]?.id) : null,
      );
      if (i === 5)
        await client.query(
          `insert into hot.message (chat, content, metadata) values ($1, $2, '{"role":"user"}')`,
          [id, `Where does the ${LONG_WORD} blow?`],
        );
    }
  } finally {
    await client.end();
  }
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  await arrange();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signIn(context, EMAIL);
  page = await context.newPage();
  problems = watchProblems(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const dialog = () => page.getByRole("dialog", { name: "Search chats" });
const field = () => dialog().getByRole("combobox", { name: "Search chats" });
const options = () => dialog().getByRole("option");
const selected = () => dialog().locator('[role="option"][aria-selected="true"]');
/** axe's rules on what a listbox, its groups and options may hold and say. */
const LISTBOX_RULES = [
  "aria-required-children",
  "aria-required-parent",
  "aria-allowed-attr",
  "aria-allowed-role",
];

describe("quick search", () => {
  it("opens with Ctrl+K on the 5 most recent chats, and closes with Ctrl+K and Escape", async () => {
    await page.goto(`${appUrl()}/app/a/default`);
    await page.getByRole("heading", { name: "How can I help you today?" }).waitFor();
    await page.keyboard.press("Control+k");
    await field().waitFor();
    await poll(() => options().count()).toBe(5);
    const titles = await dialog().locator(".quick-search-title").allTextContents();
    expect(titles).toEqual(recentTitles);
    expect(await field().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Control+k");
    await poll(() => dialog().count()).toBe(0);
    await page.keyboard.press("Control+k");
    await field().waitFor();
    await page.keyboard.press("Escape");
    await poll(() => dialog().count()).toBe(0);
  });

  it("gives the focus back to where it was when it closes, and its header button stays put", async () => {
    // A fresh page: the dialog's code and styles not loaded yet.
    await page.goto(`${appUrl()}/app/a/default`);
    await page.getByRole("heading", { name: "How can I help you today?" }).waitFor();
    const button = page.getByRole("button", { name: "Search chats (Ctrl+K)" });
    const before = await button.boundingBox();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.getAttribute("aria-label") ?? el?.tagName;
      });
    await composer(page).focus();
    await page.keyboard.press("Control+k");
    await field().waitFor();
    await page.keyboard.press("Escape");
    await poll(() => dialog().count()).toBe(0);
    expect(await focused()).toBe("Message");
    expect(await button.boundingBox()).toEqual(before);
    await page.keyboard.press("Control+k");
    await field().waitFor();
    await page.keyboard.press("Control+k");
    await poll(() => dialog().count()).toBe(0);
    expect(await focused()).toBe("Message");
    await button.click();
    await field().waitFor();
    await page.keyboard.press("Escape");
    await poll(() => dialog().count()).toBe(0);
    expect(await focused()).toBe("Search chats (Ctrl+K)");
  });

  it("holds only options in its listbox's group of recent chats (axe)", async () => {
    await page.keyboard.press("Control+k");
    try {
      await poll(() => options().count()).toBe(5);
      expect(await axeViolations(page, LISTBOX_RULES)).toEqual([]);
    } finally {
      await page.keyboard.press("Escape");
      await poll(() => dialog().count()).toBe(0);
    }
  });

  it("leaves its list out of the Tab order when it scrolls, the arrows moving through it (axe)", async () => {
    // Short enough for the list to scroll: Chrome makes a scrolling box a tab stop of its own.
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto(`${appUrl()}/app/a/default`);
    await page.getByRole("heading", { name: "How can I help you today?" }).waitFor();
    await page.keyboard.press("Control+k");
    try {
      await poll(() => options().count()).toBe(5);
      const list = dialog().getByRole("listbox");
      expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      expect(await axeViolations(page, [...LISTBOX_RULES, "scrollable-region-focusable"])).toEqual([]);
      const stops: (string | null)[] = [];
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press("Tab");
        stops.push(
          await page.evaluate(() => {
            const el = document.activeElement;
            return el && (el.getAttribute("role") ?? el.getAttribute("aria-label") ?? el.tagName);
          }),
        );
      }
      // Field, Close, then out of the list's way (around to the field, or out of the page).
      expect(stops[0]).toBe("Close the search");
      expect(stops).not.toContain("listbox");
      await field().focus();
      for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowDown");
      await poll(() => options().last().getAttribute("aria-selected")).toBe("true");
      await poll(() => list.evaluate((el) => el.scrollTop > 0)).toBe(true);
    } finally {
      await page.keyboard.press("Escape");
      await poll(() => dialog().count()).toBe(0);
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("shows the app's focus ring on its field", async () => {
    await page.keyboard.press("Control+k");
    try {
      await field().waitFor();
      const ring = await field().evaluate((el) => {
        const probe = document.body.appendChild(document.createElement("div"));
        probe.style.color = "var(--focus)";
        const focus = getComputedStyle(probe).color;
        probe.remove();
        const style = getComputedStyle(el);
        return [
          el === document.activeElement,
          style.outlineStyle,
          style.outlineWidth,
          style.outlineColor === focus,
        ];
      });
      expect(ring).toEqual([true, "solid", "2px", true]);
    } finally {
      await page.keyboard.press("Escape");
      await poll(() => dialog().count()).toBe(0);
    }
  });

  it("finds messages as you type, grouped by chat, the word highlighted and the HTML shown as text", async () => {
    await page.keyboard.press("Control+k");
    await field().pressSequentially(WORD.slice(0, 7), { delay: 30 });
    await poll(() => options().count()).toBe(2);
    const groups = await dialog().locator('[role="group"] h2 .quick-search-title').allTextContents();
    expect(groups).toEqual(["Astronomy notes", "A very long conversation"]);
    expect(await options().first().textContent()).toContain("<b>bright</b>");
    expect(await options().first().locator("mark").allTextContents()).toEqual([WORD]);
    expect(await dialog().locator("b").count()).toBe(0);
  });

  it("holds only options in the groups of found messages too, each named by its chat (axe)", async () => {
    expect(await axeViolations(page, LISTBOX_RULES)).toEqual([]);
    const names = await dialog()
      .getByRole("group")
      .evaluateAll((groups) =>
        groups.map(
          (group) => document.getElementById(group.getAttribute("aria-labelledby") ?? "")?.textContent,
        ),
      );
    expect(names).toEqual([
      expect.stringContaining("Astronomy notes"),
      expect.stringContaining("A very long conversation"),
    ]);
  });

  it("moves the selection with the arrows, never past either end", async () => {
    expect(await selected().getAttribute("data-message-id")).not.toBe(String(targetId));
    await page.keyboard.press("ArrowUp");
    await poll(() => options().first().getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await poll(() => selected().getAttribute("data-message-id")).toBe(String(targetId));
    const active = await field().getAttribute("aria-activedescendant");
    expect(active).toBe(await selected().getAttribute("id"));
  });

  it("jumps to the message far up the long chat with Enter, scrolled into view and highlighted", async () => {
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/app/a/default/c/${longChatId}$`));
    expect(await dialog().count()).toBe(0);
    const message = page.locator(`article[data-message-id="${targetId}"]`);
    await message.waitFor({ timeout: 20_000 });
    await poll(() =>
      message.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= innerHeight;
      }),
    ).toBe(true);
    expect(await message.textContent()).toContain(WORD);
    await poll(() => page.locator(".message-row[data-jumped]").count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it("jumps to a message taller than the screen with its start below the chat's header", async () => {
    await page.keyboard.press("Control+k");
    await field().fill(TALL_WORD);
    await poll(() => selected().getAttribute("data-message-id")).toBe(String(tallId));
    await page.keyboard.press("Enter");
    const message = page.locator(`article[data-message-id="${tallId}"]`);
    await message.waitFor({ timeout: 20_000 });
    const header = await page.locator(".chat-header").boundingBox();
    const headerBottom = (header?.y ?? 0) + (header?.height ?? 0);
    // The message's start, where the word is, lands just under the header (not centred, its start out of sight).
    await poll(async () => {
      const top = (await message.boundingBox())?.y ?? -1;
      return top >= headerBottom && top < headerBottom + 100;
    }).toBe(true);
  });

  it("has a search button on a phone", async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole("button", { name: "Search chats (Ctrl+K)" }).click();
    await field().waitFor();
    await poll(() => options().count()).toBe(5);
    const box = await dialog().boundingBox();
    expect(box?.width).toBeLessThanOrEqual(375);
    await page.keyboard.press("Escape");
  });

  it("says punctuation alone is not searched, without asking the server or offering older months", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const asked: string[] = [];
    const listen = (request: { url(): string; postData(): string | null }) => {
      if (new URL(request.url()).pathname === "/api/search") asked.push(request.postData() ?? "");
    };
    page.on("request", listen);
    try {
      await page.keyboard.press("Control+k");
      await poll(() => options().count()).toBe(5);
      for (const query of ["#", "()", "!!"]) {
        await field().fill(query);
        await poll(() => dialog().getByRole("status").textContent()).toBe(
          "Type a letter or a number: punctuation alone is not searched.",
        );
        expect(await dialog().getByTestId("search-older").count()).toBe(0);
        expect(await options().count()).toBe(0);
      }
      // Longer than the debounce: a request for it would have gone out by now.
      await page.waitForTimeout(400);
      expect(asked.filter((body) => !body.includes('"query":""'))).toEqual([]);
    } finally {
      page.off("request", listen);
      await page.keyboard.press("Escape");
      await poll(() => dialog().count()).toBe(0);
    }
  });

  /** Where the parts of a row (a recent chat or a group's heading) are, against the dialog's box. */
  const rowParts = (row: ReturnType<typeof options>) =>
    row.evaluate((el) => {
      const box = el.closest("dialog")?.getBoundingClientRect();
      const wholeWidth = (node: HTMLElement) => {
        const copy = document.body.appendChild(document.createElement("span"));
        copy.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
        copy.style.font = getComputedStyle(node).font;
        copy.textContent = node.textContent;
        const width = copy.getBoundingClientRect().width;
        copy.remove();
        return width;
      };
      const part = (name: string) => {
        const node = el.querySelector<HTMLElement>(`.quick-search-${name}`);
        const rect = node?.getBoundingClientRect();
        return {
          width: rect?.width ?? 0,
          inside: !!rect && !!box && rect.left >= box.left && rect.right <= box.right && rect.top >= box.top,
          // Its text laid out whole, against its box (scrollWidth rounds a part of a pixel away).
          clipped: !!node && !!rect && wholeWidth(node) > rect.width + 0.5,
          ellipsis: !!node && getComputedStyle(node).textOverflow === "ellipsis",
          sameLine:
            !!rect &&
            Math.abs(
              rect.top - (el.querySelector(".quick-search-title")?.getBoundingClientRect().top ?? -99),
            ) < 4,
        };
      };
      return { title: part("title"), assistant: part("assistant"), time: part("time") };
    });

  for (const width of [1280, 320]) {
    it(`shortens a long assistant name with "…", the chat's title and the time in sight (${width} px)`, async () => {
      await page.setViewportSize({ width, height: 740 });
      await page.keyboard.press("Control+k");
      try {
        await poll(() => options().count()).toBe(5);
        const recent = await rowParts(options().first());
        expect(recent.title.width).toBeGreaterThan(60);
        expect(recent.title).toMatchObject({ inside: true, clipped: false });
        expect(recent.assistant).toMatchObject({ inside: true, clipped: true, ellipsis: true });
        expect(recent.time.width).toBeGreaterThan(0);
        expect(recent.time).toMatchObject({ inside: true, clipped: false });
        // Side by side on a wide screen; on a phone the name and the time may take the line under the title.
        if (width > 600) expect([recent.assistant.sameLine, recent.time.sameLine]).toEqual([true, true]);

        await field().fill(LONG_WORD);
        await poll(() => options().count()).toBe(1);
        const heading = await rowParts(dialog().locator("h2.quick-search-heading"));
        expect(heading.title.width).toBeGreaterThan(60);
        expect(heading.title).toMatchObject({ inside: true, clipped: false });
        expect(heading.assistant).toMatchObject({
          inside: true,
          clipped: true,
          ellipsis: true,
          sameLine: true,
        });
      } finally {
        await page.keyboard.press("Escape");
        await poll(() => dialog().count()).toBe(0);
      }
    });
  }

  it("shows a chat of today with its time alone, the full date and time kept in its title (320 px)", async () => {
    await page.setViewportSize({ width: 320, height: 740 });
    await page.keyboard.press("Control+k");
    try {
      await poll(() => options().count()).toBe(5);
      const time = options().first().locator(".quick-search-time time");
      // "3:07 PM", not "Nov 27, 2026, 3:07 PM".
      expect(await time.textContent()).toMatch(/^\d{1,2}:\d{2}\s?[AP]M$/);
      expect(await time.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(70);
      expect(await time.getAttribute("title")).toMatch(
        /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/,
      );
      const iso = (await time.getAttribute("datetime")) ?? "";
      expect(Math.abs(Date.now() - Date.parse(iso))).toBeLessThan(10 * 60_000);
    } finally {
      await page.keyboard.press("Escape");
      await poll(() => dialog().count()).toBe(0);
    }
  });
});
