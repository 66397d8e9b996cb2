// POST /api/search: only the user's own words match, the months window, typos and prefixes, escaped highlights.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chat, message, searchWord } from "../../drizzle/schema";
import { type SearchAnswerWire, VOCABULARY_SLICES } from "../../src/domain/search";
import worker from "../../src/index";
import { createAccount, errorOf, withDb } from "./support/accounts";
import { api, json } from "./support/api";
import { makeAssistant } from "./support/chats";

/** A word no other test (the database is shared) will ever write: letters only, so typos can be made of it. */
function uniqueWord(stem: string): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return stem + Array.from(bytes, (b) => letters[b % 26]).join("");
}

const DAY = 24 * 60 * 60 * 1000;

async function chatWith(
  userId: number,
  messages: { content: string; daysAgo?: number }[],
  options: { title?: string; assistantId?: number | null; daysAgo?: number } = {},
) {
  return withDb(async (db) => {
    const updatedAt = new Date(Date.now() - (options.daysAgo ?? 0) * DAY);
    const [row] = await db
      .insert(chat)
      .values({
        user: userId,
        model: "test",
        title: options.title ?? "",
        assistantId: options.assistantId ?? null,
        createdAt: updatedAt,
        updatedAt,
      })
      .returning();
    if (!row) throw new Error("chat not created");
    if (messages.length === 0) return { chatId: row.id, messageIds: [] as number[] };
    const inserted = await db
      .insert(message)
      .values(
        messages.map((m, i) => ({
          chat: row.id,
          content: m.content,
          metadata: { role: i % 2 === 0 ? "user" : "assistant" },
          createdAt: new Date(Date.now() - (m.daysAgo ?? 0) * DAY),
        })),
      )
      .returning({ id: message.id });
    return { chatId: row.id, messageIds: inserted.map((m) => m.id) };
  });
}

async function search(cookie: string, body: Record<string, unknown>) {
  const res = await api("/api/search", { cookie, body });
  expect(res.status).toBe(200);
  return json<SearchAnswerWire>(res);
}

describe("POST /api/search", () => {
  it("finds only the user's own words: another user's chat never matches", async () => {
    const word = uniqueWord("secret");
    const me = await createAccount({ hashedPassword: null });
    const other = await createAccount({ hashedPassword: null });
    await chatWith(other.id, [{ content: `the ${word} plan` }], { title: `About ${word}` });
    expect((await search(me.cookie, { query: word })).results).toEqual([]);
    // The same query as its owner finds both the title and the message.
    const theirs = await search(other.cookie, { query: word });
    expect(theirs.results.map((r) => r.messageId === null)).toEqual([true, false]);
  });

  it("answers title and message hits with the assistant, the date and a highlighted snippet", async () => {
    const word = uniqueWord("gazpacho");
    const account = await createAccount({ hashedPassword: null });
    const helper = await makeAssistant(account.id, `Cook ${word}`);
    const { chatId, messageIds } = await chatWith(
      account.id,
      [{ content: "What should I cook?" }, { content: `A cold ${word} with bread.` }],
      { title: "Dinner ideas", assistantId: helper.id },
    );
    const { results, hasMore } = await search(account.cookie, { query: word, months: 1, offset: 0 });
    expect(hasMore).toBe(false);
    expect(results).toEqual([
      {
        chatId,
        assistantId: helper.id,
        assistant: `Cook ${word}`,
        title: "Dinner ideas",
        model: "test",
        messageId: messageIds[1],
        snippet: `A cold <mark>${word}</mark> with bread.`,
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
  });

  it("puts the title that holds the query as written before titles that only look like it", async () => {
    const word = uniqueWord("bulk");
    const account = await createAccount({ hashedPassword: null });
    // The wanted chat is the oldest: ranked by date alone it came last of twelve.
    const chats: number[] = [];
    for (const n of [12, ...Array.from({ length: 11 }, (_, i) => 30 + i)]) {
      const made = await chatWith(account.id, [], {
        title: `About ${word} chat number ${n}`,
        daysAgo: n === 12 ? 2 : 1,
      });
      chats.push(made.chatId);
    }
    const { results } = await search(account.cookie, {
      query: `${word} chat number 12`,
      months: 1,
      offset: 0,
    });
    expect(results[0]?.chatId).toBe(chats[0]);
    // Every other title still comes after it, as before (they are near enough).
    expect(results.slice(1).map((r) => r.title)).toHaveLength(11);
  });

  it("matches the word being typed as a prefix, stems in the user's language, and forgives a typo", async () => {
    const word = uniqueWord("kaleidoscope");
    const account = await createAccount({ hashedPassword: null });
    const { messageIds } = await chatWith(account.id, [
      { content: `My ${word} collection` },
      { content: "She was running late" },
    ]);
    const ids = async (query: string) =>
      (await search(account.cookie, { query })).results
        .map((r) => r.messageId)
        .filter((id) => messageIds.includes(id ?? 0));
    expect(await ids(word.slice(0, 5))).toEqual([messageIds[0]]);
    // A finished word (trailing space) is not a prefix any more (and too far from the word for a typo).
    expect(await ids(`${word.slice(0, 5)} `)).toEqual([]);
    // English stemming (the default language): "runs" finds "running".
    expect(await ids("she runs ")).toEqual([messageIds[1]]);
    // Two letters swapped in the middle of the word.
    const typo = `${word.slice(0, 4)}${word[5]}${word[4]}${word.slice(6)}`;
    const fuzzy = await search(account.cookie, { query: `${typo} ` });
    expect(fuzzy.results.find((r) => r.messageId === messageIds[0])?.snippet).toBe(
      `My <mark>${word}</mark> collection`,
    );
  });

  it("finds a word beyond ASCII whatever its case, whatever the database's locale", async () => {
    // On a C-locale database (the Worker tests' PostgreSQL) lower() stops at ASCII: "ÉTÉ" stayed a capital.
    const word = uniqueWord("accent");
    const account = await createAccount({ hashedPassword: null });
    const { chatId, messageIds } = await chatWith(
      account.id,
      [{ content: `ÉTÉ À PARÍS, ${word}` }, { content: `Łódź и МОСКВА, ${word}` }],
      { title: `Été ${word}` },
    );
    const hits = async (query: string) =>
      (await search(account.cookie, { query: `${query} ` })).results
        .filter((r) => r.chatId === chatId)
        .map((r) => r.messageId);
    expect(await hits(`été ${word}`)).toEqual([null, messageIds[0]]);
    expect(await hits(`ÉTÉ ${word}`)).toEqual([null, messageIds[0]]);
    expect(await hits("parís à")).toEqual([messageIds[0]]);
    expect(await hits("łódź москва")).toEqual([messageIds[1]]);
  });

  it("finds code and words joined by punctuation as they are written, over any window", async () => {
    const name = uniqueWord("input");
    const account = await createAccount({ hashedPassword: null });
    const { messageIds } = await chatWith(account.id, [
      { content: `Split it with \`${name}.split(" ")\`, then \`foo_bar.baz()\`: n(n+1)/2 steps, l’été.` },
      // The same words, apart.
      { content: `The ${name} is long; we split it later.` },
    ]);
    const { messageIds: old } = await chatWith(
      account.id,
      [{ content: `const words = ${name}.split(",");`, daysAgo: 390 }],
      { daysAgo: 390 },
    );
    const [code, apart] = messageIds;
    const found = async (query: string, months = 1) =>
      (await search(account.cookie, { query, months })).results.map((r) => r.messageId);
    // Joined words match only side by side; the message holding the query as typed comes first.
    expect(await found(`${name}.split`)).toEqual([code]);
    expect(await found("split(")).toEqual([code, apart]);
    expect(await found(`${name}.split(" ")`)).toEqual([code]);
    expect(await found("foo_bar.baz()")).toEqual([code]);
    expect(await found("baz")).toEqual([code]);
    expect(await found("n(n+1)")).toEqual([code]);
    expect(await found("été")).toEqual([code]);
    expect((await found(`${name} split `)).sort()).toEqual([code, apart].sort());
    // An older month's message, once the window reaches it (first: it holds the query as typed).
    expect(await found(`${name}.split(",")`, 12)).toEqual([code]);
    expect(await found(`${name}.split(",")`, 13)).toEqual([old[0], code]);
    const [hit] = (await search(account.cookie, { query: `${name}.split(` })).results;
    expect(hit?.snippet).toBe(
      `<mark>Split</mark> it with <mark>${name}</mark>.<mark>split</mark>(&quot; &quot;), then foo_bar.baz(): n(n+1)/2 steps, l’été.`,
    );
  });

  it("highlights a finished word whole (and its stems), any word only the word being typed begins", async () => {
    const name = uniqueWord("cpp");
    const account = await createAccount({ hashedPassword: null });
    await chatWith(account.id, [{ content: `Call ${name} from C++ code, then compile ${name}s.` }]);
    const snippet = async (query: string) => (await search(account.cookie, { query })).results[0]?.snippet;
    // "c++" searches the word "c" whole: "Call", "code" and "compile" are not what it found.
    expect(await snippet(`${name} c++`)).toBe(
      `Call <mark>${name}</mark> from <mark>C</mark>++ code, then compile <mark>${name}s</mark>.`,
    );
    // Still being typed, "co" is a prefix: every word it begins was found by it.
    expect(await snippet(`${name} co`)).toBe(
      `Call <mark>${name}</mark> from C++ <mark>code</mark>, then <mark>compile</mark> <mark>${name}s</mark>.`,
    );
  });

  it("searches the last month first and older months when asked", async () => {
    const word = uniqueWord("almanac");
    const account = await createAccount({ hashedPassword: null });
    const { messageIds } = await chatWith(
      account.id,
      [
        { content: `recent ${word}`, daysAgo: 2 },
        { content: `older ${word}`, daysAgo: 45 },
        { content: `ancient ${word}`, daysAgo: 200 },
      ],
      { daysAgo: 2 },
    );
    const found = async (months: number) =>
      (await search(account.cookie, { query: word, months })).results.map((r) => r.messageId);
    expect(await found(1)).toEqual([messageIds[0]]);
    expect(await found(2)).toEqual([messageIds[0], messageIds[1]]);
    expect(await found(12)).toEqual([messageIds[0], messageIds[1], messageIds[2]]);
  });

  it("escapes HTML in snippets, so a message cannot inject markup into the results", async () => {
    const word = uniqueWord("payload");
    const account = await createAccount({ hashedPassword: null });
    await chatWith(account.id, [{ content: `<img src=x onerror="alert(1)"> ${word} & <mark>fake</mark>` }]);
    const [hit] = (await search(account.cookie, { query: word })).results;
    expect(hit?.snippet).toBe(
      `&lt;img src=x onerror=&quot;alert(1)&quot;&gt; <mark>${word}</mark> &amp; &lt;mark&gt;fake&lt;/mark&gt;`,
    );
  });

  it("shows a message's markdown as the plain text it reads as, its match highlighted; a title as typed", async () => {
    const word = uniqueWord("marinade");
    const account = await createAccount({ hashedPassword: null });
    const { messageIds } = await chatWith(
      account.id,
      [
        {
          content: [
            "## The **recipe**",
            "",
            `1. Mix _the_ **${word}** with \`salt\``,
            "2. See [the guide](https://example.com/a_guide) and $x^2$",
            "",
            "```python",
            "stir(**pot)",
            "```",
            "> | step | time |",
            "> |---|---|",
            "> | rest | ~~10~~ 20 min |",
          ].join("\n"),
        },
      ],
      { title: `**Notes** on ${word}` },
    );
    const { results } = await search(account.cookie, { query: word });
    expect(results.map((r) => [r.messageId, r.snippet])).toEqual([
      [null, `**Notes** on <mark>${word}</mark>`],
      [
        messageIds[0],
        `The recipe Mix the <mark>${word}</mark> with salt See the guide and x^2 stir(**pot) step time rest 10 20 min`,
      ],
    ]);
  });

  it("shows at most 3 messages per chat and pages with offset and hasMore", async () => {
    const word = uniqueWord("ledger");
    const account = await createAccount({ hashedPassword: null });
    for (let chatIndex = 0; chatIndex < 8; chatIndex++) {
      await chatWith(
        account.id,
        Array.from({ length: 5 }, (_, i) => ({ content: `${word} entry ${i}`, daysAgo: chatIndex })),
      );
    }
    const first = await search(account.cookie, { query: word });
    expect(first.results).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = await search(account.cookie, { query: word, offset: 20 });
    expect(second.results).toHaveLength(4);
    expect(second.hasMore).toBe(false);
    const perChat = new Map<number, number>();
    for (const r of [...first.results, ...second.results])
      perChat.set(r.chatId, (perChat.get(r.chatId) ?? 0) + 1);
    expect([...perChat.values()]).toEqual(Array(8).fill(3));
  });

  it("finds the same newest hits however common the word is (probe, walk on, or the index)", async () => {
    const account = await createAccount({ hashedPassword: null });
    // 500 messages in the last hours, then 200 spread over older days of the month: the probe of the 500
    // newest sees a short time span, so a word in half of them walks on, and a rare one asks the index.
    const words = {
      all: uniqueWord("every"),
      half: uniqueWord("even"),
      short: uniqueWord("fourth"),
      rare: uniqueWord("seldom"),
    };
    const messages = Array.from({ length: 700 }, (_, i) => {
      const has = [
        words.all,
        ...(i % 2 === 0 ? [words.half] : []),
        ...(i % 4 === 1 ? [words.short] : []),
        ...(i % 50 === 7 ? [words.rare] : []),
      ];
      const at = i < 500 ? Date.now() - i * 60_000 : Date.now() - 10 * DAY - (i - 500) * 3_600_000;
      return { i, content: `note ${has.join(" ")}`, at };
    });
    const ids = await withDb(async (db) => {
      const chats = await db
        .insert(chat)
        .values(Array.from({ length: 100 }, () => ({ user: account.id, model: "test", title: "" })))
        .returning({ id: chat.id });
      const rows = await db
        .insert(message)
        .values(
          messages.map((m) => ({
            chat: chats[m.i % 100]?.id ?? 0,
            content: m.content,
            metadata: { role: "user" },
            createdAt: new Date(m.at),
          })),
        )
        .returning({ id: message.id, chat: message.chat, createdAt: message.createdAt });
      return rows;
    });
    // What the README promises: the 300 newest hits, at most 3 per chat, newest first, 20 a page.
    const expected = (word: string) => {
      const hits = ids
        .filter((_, i) => messages[i]?.content.split(" ").includes(word))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
        .slice(0, 300);
      const perChat = new Map<number, number>();
      const kept = hits.filter((h) => {
        const n = (perChat.get(h.chat) ?? 0) + 1;
        perChat.set(h.chat, n);
        return n <= 3;
      });
      return { ids: kept.slice(0, 20).map((h) => h.id), hasMore: kept.length > 20 };
    };
    for (const word of Object.values(words)) {
      const { results, hasMore } = await search(account.cookie, { query: `${word} ` });
      expect({ ids: results.map((r) => r.messageId), hasMore }).toEqual(expected(word));
    }
  });

  it("answers the 5 most recent chats for an empty query, newest first", async () => {
    const account = await createAccount({ hashedPassword: null });
    const chats = [];
    for (let i = 6; i >= 0; i--)
      chats.push(await chatWith(account.id, [], { title: `Chat ${i}`, daysAgo: i }));
    const { results, hasMore } = await search(account.cookie, { query: "  " });
    expect(results.map((r) => r.title)).toEqual(["Chat 0", "Chat 1", "Chat 2", "Chat 3", "Chat 4"]);
    expect(results.every((r) => r.messageId === null && r.snippet === "")).toBe(true);
    expect(hasMore).toBe(false);
    // Typed, but with no word in it: nothing matches, and the recent chats would read as if they did.
    for (const query of ["...", "-", "#", "😀", " ?! "]) {
      expect(await search(account.cookie, { query }), query).toEqual({ results: [], hasMore: false });
    }
  });

  it("says what was wrong with bad input, and asks to sign in", async () => {
    const account = await createAccount({ hashedPassword: null });
    for (const body of [
      {},
      { query: "x".repeat(201) },
      { query: "a", months: 0 },
      { query: "a", offset: -1 },
    ]) {
      const res = await api("/api/search", { cookie: account.cookie, body });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
    expect((await api("/api/search", { body: { query: "a" } })).status).toBe(401);
  });
});

describe("the typo vocabulary", () => {
  const known = (words: string[]) =>
    withDb(async (db) =>
      (await db.select().from(searchWord).where(inArray(searchWord.word, words))).map((r) => r.word).sort(),
    );

  it("loses, in the daily cron's slice, the words no message holds any more", async () => {
    const account = await createAccount();
    const gone = uniqueWord("vanish");
    const kept = uniqueWord("remain");
    const first = await chatWith(account.id, [{ content: `${gone} and ${kept}` }]);
    await chatWith(account.id, [{ content: `only ${kept} here` }]);
    expect(await known([gone, kept])).toEqual([gone, kept].sort());
    await withDb((db) => db.delete(chat).where(eq(chat.id, first.chatId)));

    // The cron of the day whose slice holds the word (slices go by UTC day).
    const slice = await withDb(async (db) => {
      const { rows } = await db.execute<{ slice: number }>(
        sql`select (hashtext(${gone}) & 2147483647) % ${VOCABULARY_SLICES} as slice`,
      );
      return Number(rows[0]?.slice);
    });
    const today = Math.floor(Date.now() / DAY);
    const day = today + ((slice - (today % VOCABULARY_SLICES) + VOCABULARY_SLICES) % VOCABULARY_SLICES);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: day * DAY + 3_600_000 }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await known([gone, kept])).toEqual([kept]);
  });
});
