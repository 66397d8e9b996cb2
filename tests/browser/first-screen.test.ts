// Journey: opening a chat by full page load asks for its data once, from the first script, before the app's
// code has arrived — the screen's hooks take those answers over instead of asking again.
import { describe, expect, it } from "vitest";
import {
  appUrl,
  composer,
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

const session = sessionPerFile();

describe("a chat opened by full page load", () => {
  it("requests the user, the assistants, the sidebar's chats and the chat's latest page once each, in parallel with the code", async () => {
    const first = session.page;
    await first.goto(`${appUrl()}/app/a/default`);
    await send(first, "A first message for the reload test");
    const chatId = await currentChatId(first);
    await waitForAnswer(first);
    // The chat's title may come after its answer, and this tab then tells the others that the list changed:
    // the second page would rightly ask for the list again. Counted once that is behind us.
    await poll(() => shownText(sidebarChats(first).first())).toMatch(
      /About .*A first message for the reload/,
    );

    const page = await session.context.newPage();
    const problems = watchProblems(page);
    // Which script asked for each request (the page's own inline boot script, or a file of the app's code).
    const askedBy = new Map<string, string>();
    const cdp = await session.context.newCDPSession(page);
    // The priority the browser gave the screen's code, load after load.
    const screenCodePriority: string[] = [];
    cdp.on("Network.requestWillBeSent", ({ request, initiator }) => {
      const { pathname, search } = new URL(request.url);
      if (/chat-screen-[^/]*\.js$/.test(pathname)) screenCodePriority.push(request.initialPriority);
      const frame = initiator.stack?.callFrames[0] ?? initiator.stack?.parent?.callFrames[0];
      if (!askedBy.has(`${pathname}${search}`))
        askedBy.set(`${pathname}${search}`, frame?.url ?? initiator.type);
    });
    await cdp.send("Network.enable");
    const requests: { path: string; at: number }[] = [];
    const started = Date.now();
    page.on("request", (request) => {
      const url = new URL(request.url());
      requests.push({ path: `${url.pathname}${url.search}`, at: Date.now() - started });
    });
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    await page
      .locator("#root article.message.user", { hasText: "A first message for the reload test" })
      .waitFor();

    const count = (path: string) => requests.filter((r) => r.path === path).length;
    expect(count("/api/login/user")).toBe(1);
    expect(count("/api/assistants/all")).toBe(1);
    expect(count(`/api/chat/${chatId}?limit=60`)).toBe(1);
    // The sidebar's first page is a POST: taken over from the entry's request too, not asked again.
    expect(count("/api/assistants/chats")).toBe(1);
    // The chat's data was asked for by the page's inline boot script, not by the app's code once it arrived;
    // the screen's code by the page itself too (the Worker's preload links: src/routes/app-page.ts).
    const pageUrl = `${appUrl()}/app/a/default/c/${chatId}`;
    expect(askedBy.get(`/api/chat/${chatId}?limit=60`)).toBe(pageUrl);
    const screenCode = requests.find((r) => /chat-screen-[^/]*\.js$/.test(r.path));
    expect(screenCode && askedBy.get(screenCode.path)).toBe("parser");
    // So are its texts, which the app would ask for only once its entry had run: a round trip later.
    for (const texts of [/\/texts-en-[^/]*\.js$/, /\/common-[^/]*\.js$/]) {
      const file = requests.find((r) => texts.test(r.path));
      expect(file && askedBy.get(file.path), String(texts)).toBe("parser");
    }
    // The markdown renderer, lazily loaded on a new chat's screen, is among an open chat's first loads in
    // index.html's plan (the Worker writes them into the page), not only fetched once the messages ask for it.
    const firstLoads = await page.evaluate(
      (paths) => {
        const meta = document.querySelector('meta[name="route-preload"]')?.getAttribute("content") ?? "{}";
        const plan = JSON.parse(meta) as { routes: [string, number][]; lists: string[][] };
        return paths.map((path) => {
          const route = plan.routes.find(([pattern]) => new RegExp(pattern).test(path));
          return route ? (plan.lists[route[1]] ?? []) : [];
        });
      },
      [`/app/a/default/c/${chatId}`, "/app/a/default"],
    );
    expect(firstLoads[0]?.some((file) => file.includes("/markdown-view-"))).toBe(true);
    expect(firstLoads[1]?.some((file) => file.includes("/markdown-view-"))).toBe(false);
    // An open chat's page asks for its code at the usual priority: its frame follows with the chat, and
    // low-priority requests would wait for it. A new chat's page, whose greeting paints once the page's own
    // stylesheet is here, asks for its code behind that stylesheet (fetchpriority="low").
    expect(screenCodePriority).toEqual(["High"]);
    await page.goto(`${appUrl()}/app/a/default`);
    await page.getByRole("textbox", { name: "Message" }).waitFor();
    expect(screenCodePriority).toEqual(["High", "Low"]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("writes its messages' times without an Intl date formatter, as Intl would write them", async () => {
    const first = session.page;
    await first.goto(`${appUrl()}/app/a/default`);
    await send(first, "A message whose time is shown");
    const chatId = await currentChatId(first);
    await waitForAnswer(first);

    const page = await session.context.newPage();
    const problems = watchProblems(page);
    // A page's first Intl.DateTimeFormat loads the browser's date data: a long task in the first render.
    await page.addInitScript(() => {
      const made: string[] = [];
      (window as unknown as { intlMade: string[] }).intlMade = made;
      for (const name of ["DateTimeFormat", "NumberFormat"] as const) {
        const Original = Intl[name];
        Intl[name] = new Proxy(Original, {
          construct: (target, args: unknown[]) => {
            made.push(name);
            return Reflect.construct(target, args);
          },
          apply: (target, self, args: unknown[]) => {
            made.push(name);
            return Reflect.apply(target, self, args);
          },
        }) as never;
      }
    });
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    const question = page.locator("#root article.message.user", { hasText: "A message whose time is shown" });
    const time = question.locator("time");
    await time.waitFor();
    await lastAnswer(page).locator(".message-footer").waitFor();
    const shown = await time.textContent();
    expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade)).toEqual([]);
    // Today's message: the hour and minute as the browser's own Intl writes them in the page's language.
    const intl = await time.evaluate((element) =>
      new Intl.DateTimeFormat(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" }).format(
        new Date(element.getAttribute("datetime") ?? ""),
      ),
    );
    expect(shown).toBe(intl);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("a new chat's screen", () => {
  it("leaves the markdown renderer until its user writes, and the first answer is still typeset", async () => {
    const page = await session.context.newPage();
    const problems = watchProblems(page);
    const renderer: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (/\/markdown-view-[^/]*\.js$/.test(pathname)) renderer.push(pathname);
    });
    await page.goto(`${appUrl()}/app/a/default`);
    await composer(page).waitFor();
    // Up and idle: the renderer's module (one long task when it runs) is not part of the screen's start-up.
    await page.waitForTimeout(2_500);
    expect(renderer).toEqual([]);
    await composer(page).pressSequentially("A");
    await expect.poll(() => renderer.length).toBe(1);
    await composer(page).fill("");
    await send(page, "Show me a table");
    const answer = await waitForAnswer(page);
    await answer.locator(".md-block").first().waitFor();
    expect(await answer.locator(".markdown-pending").count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("a page the Worker does not write (/pricing)", () => {
  it("has its texts preloaded by the page's boot script, not only asked for once the entry has run", async () => {
    const page = await session.context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${appUrl()}/pricing`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    // The English texts the page shows first, as the build lists them in the page's plan, and the links that
    // preload them (the entry's own loader adds none for a catalogue: it has no dependencies).
    const { files, preloaded } = await page.evaluate(() => {
      const meta = document.querySelector('meta[name="route-preload"]')?.getAttribute("content") ?? "{}";
      const plan = JSON.parse(meta) as {
        lists: string[][];
        catalogues: Record<string, Record<string, number>>;
      };
      const english = plan.catalogues.en ?? {};
      return {
        files: ["common", "pricing"].flatMap((ns) => plan.lists[english[ns] ?? -1] ?? []),
        preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
          (link) => new URL(link.href).pathname,
        ),
      };
    });
    expect(files).toHaveLength(2);
    for (const file of files) expect(preloaded, file).toContain(file);
    expect(problems).toEqual([]);
    await page.close();
  });
});
