// Sharing and forking: snapshot shares, the Worker's own cached page (purged on every change it shows),
// revocation, ownership, forks with forkedMessagesIds, and pictures reachable only through their share.
import { exports } from "cloudflare:workers";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chat, message } from "../../drizzle/schema";
import type { ForkWire, SharedChatWire } from "../../src/domain/chat/wire";
import { renderSharedPage } from "../../src/sharing/page";
import { makeDocx } from "../support/documents";
import { withDb } from "./support/accounts";
import { api, json, ORIGIN } from "./support/api";
import { readChat, readToDone, startAnswer, startChat } from "./support/chats";
import { accountOnPlan } from "./support/plans";
import { upload } from "./support/uploads";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A finished chat of `cookie`'s, whose first answer is over. */
async function finishedChat(cookie: string, content = "Tell me about sharing") {
  const started = await startChat(cookie, content);
  await readToDone(cookie, started.chat.id);
  return started.chat.id;
}

async function share(cookie: string, chatId: number) {
  const res = await api("/api/chat/share", { cookie, body: { chatId } });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<{ publicId: string; url: string }>(res);
}

const page = (publicId: string, cookie?: string) => api(`/shared/${publicId}`, { cookie });
const sharedJson = (publicId: string) => api(`/api/shared/${publicId}`);

describe("sharing a chat", () => {
  it("gives a lowercase UUID and a link that anyone reads, as JSON and as the Worker's own page", async () => {
    const owner = await accountOnPlan("starter");
    const chatId = await finishedChat(owner.cookie);
    const shared = await share(owner.cookie, chatId);
    expect(shared.publicId).toMatch(UUID);
    expect(shared.url).toBe(`${ORIGIN}/shared/${shared.publicId}`);

    const res = await sharedJson(shared.publicId);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = await json<SharedChatWire>(res);
    expect(body.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(body.messages[0]?.content).toBe("Tell me about sharing");
    // Nothing private: not the owner, not the chat's id.
    const text = JSON.stringify(body);
    expect(text).not.toContain(owner.email);
    expect(text).not.toContain(`"chatId"`);

    const first = await page(shared.publicId);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toContain("text/html");
    expect(first.headers.get("X-Share-Cache")).toBe("MISS");
    const csp = first.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src");
    expect(first.headers.get("Cache-Control")).toContain("s-maxage=");
    const html = await first.text();
    expect(html).toContain("<!doctype html>");
    expect(html).toContain("Tell me about sharing");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain(`<meta property="og:url" content="${shared.url}">`);
    expect(html).not.toContain("<script");
    expect(html).not.toContain(owner.email);
    // Anonymous readers are offered to sign in; the fork form is for those with a session.
    expect(html).toContain("Sign in to continue");

    const again = await page(shared.publicId);
    expect(again.headers.get("X-Share-Cache")).toBe("HIT");
    expect(await again.text()).toBe(html);
    // A browser that holds these bytes gets a 304.
    const etag = again.headers.get("ETag") ?? "";
    expect((await api(`/shared/${shared.publicId}`, { headers: { "If-None-Match": etag } })).status).toBe(
      304,
    );

    const member = await accountOnPlan("starter");
    const memberHtml = await (await page(shared.publicId, member.cookie)).text();
    expect(memberHtml).toContain(`action="/shared/${shared.publicId}/fork"`);
    expect(memberHtml).toContain("Continue this chat");
    // The file's first test also pays for the Worker's cold start.
  }, 60_000);

  it("is a snapshot: later messages stay private until the owner shares again (same link)", async () => {
    const owner = await accountOnPlan("starter");
    const chatId = await finishedChat(owner.cookie);
    const { publicId } = await share(owner.cookie, chatId);
    expect(await (await page(publicId)).text()).not.toContain("A later question");
    await startAnswer(owner.cookie, "send", { chatId, content: "A later question" });
    await readToDone(owner.cookie, chatId);
    expect(await (await page(publicId)).text()).not.toContain("A later question");
    expect((await json<SharedChatWire>(await sharedJson(publicId))).messages).toHaveLength(2);

    const again = await share(owner.cookie, chatId);
    expect(again.publicId).toBe(publicId);
    const res = await page(publicId);
    expect(res.headers.get("X-Share-Cache")).toBe("MISS");
    expect(await res.text()).toContain("A later question");
  });

  it("purges the cached page when the chat is renamed, edited or deleted", async () => {
    const owner = await accountOnPlan("starter");
    const chatId = await finishedChat(owner.cookie);
    const { publicId } = await share(owner.cookie, chatId);
    await page(publicId);
    expect((await page(publicId)).headers.get("X-Share-Cache")).toBe("HIT");

    const renamed = await api("/api/chat/update", {
      cookie: owner.cookie,
      body: { id: chatId, title: "New name" },
    });
    expect(renamed.status).toBe(200);
    const afterRename = await page(publicId);
    expect(afterRename.headers.get("X-Share-Cache")).toBe("MISS");
    expect(await afterRename.text()).toContain('<h1 class="title">New name</h1>');

    const { messages } = await readChat(owner.cookie, chatId);
    const question = messages.find((m) => m.role === "user");
    await startAnswer(owner.cookie, "edit", { chatId, messageId: question?.id, content: "Edited question" });
    await readToDone(owner.cookie, chatId);
    const afterEdit = await page(publicId);
    expect(afterEdit.headers.get("X-Share-Cache")).toBe("MISS");
    expect(await afterEdit.text()).not.toContain("Tell me about sharing");

    expect((await api("/api/chat/delete", { cookie: owner.cookie, body: { id: chatId } })).status).toBe(200);
    expect((await page(publicId)).status).toBe(404);
  });

  it("purges the cached page when its owner deletes the account", async () => {
    const owner = await accountOnPlan("starter");
    const { publicId } = await share(owner.cookie, await finishedChat(owner.cookie));
    await page(publicId);
    expect((await page(publicId)).headers.get("X-Share-Cache")).toBe("HIT");
    // An account without a password confirms with its address.
    const deleted = await api("/api/login/delete", { cookie: owner.cookie, body: { email: owner.email } });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect((await page(publicId)).status).toBe(404);
  });
});

describe("the shared page's language", () => {
  it("is the reader's: the locale cookie's, else the browser's, each cached apart; purged together", async () => {
    const owner = await accountOnPlan("starter");
    const chatId = await finishedChat(owner.cookie);
    const { publicId } = await share(owner.cookie, chatId);
    const read = (headers: Record<string, string>, cookie?: string) =>
      api(`/shared/${publicId}`, { headers, cookie });

    const french = await read({ "Accept-Language": "fr-CH, fr;q=0.9, en;q=0.8" });
    expect(french.headers.get("X-Share-Cache")).toBe("MISS");
    expect(french.headers.get("Vary")).toBe("Cookie, Accept-Language");
    const html = await french.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("Conversation partagée");
    expect(html).toContain("2 messages");
    expect(html).toContain(`href="/fr/login?redirect=%2Fshared%2F${publicId}"`);
    expect(html).toContain("Se connecter pour continuer");
    expect(html).not.toContain("Sign in to continue");
    // The date as the reader writes it, e.g. "26 novembre 2026".
    const today = new Intl.DateTimeFormat("fr", { dateStyle: "long", timeZone: "UTC" }).format(new Date());
    expect(html).toContain(today);

    // The same language again comes from the cache; English is a page of its own.
    expect((await read({ "Accept-Language": "fr" })).headers.get("X-Share-Cache")).toBe("HIT");
    const english = await read({ "Accept-Language": "en-GB" });
    expect(english.headers.get("X-Share-Cache")).toBe("MISS");
    expect(await english.text()).toContain('<html lang="en">');

    // A reader who chose German in the app (the cookie) reads it in German, whatever the browser says.
    const member = await accountOnPlan("starter");
    const german = await read({ "Accept-Language": "fr" }, `${member.cookie}; locale=de`);
    const germanHtml = await german.text();
    expect(germanHtml).toContain('<html lang="de">');
    expect(germanHtml).toContain("Diesen Chat fortsetzen");

    // A change the page shows purges every language's copy.
    await api("/api/chat/update", { cookie: owner.cookie, body: { id: chatId, title: "Renamed" } });
    const after = await read({ "Accept-Language": "fr" });
    expect(after.headers.get("X-Share-Cache")).toBe("MISS");
    expect(await after.text()).toContain("Renamed");

    const gone = await api("/shared/not-a-share", { headers: { "Accept-Language": "es" } });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("Página no encontrada: /shared/not-a-share");
  });

  it("is its address's under a language's prefix: the same page as at /shared/…, not the app's", async () => {
    const owner = await accountOnPlan("starter");
    const chatId = await finishedChat(owner.cookie);
    const { publicId } = await share(owner.cookie, chatId);
    // The prefix wins over the browser's language and the cookie.
    const polish = await api(`/pl/shared/${publicId}`, {
      headers: { "Accept-Language": "fr" },
      cookie: "locale=de",
    });
    expect(polish.status).toBe(200);
    const html = await polish.text();
    expect(html).toContain('<html lang="pl">');
    // Its canonical address is the one the owner shared, without the prefix.
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^/"]+/shared/${publicId}">`));
    expect(polish.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    // One copy per language, whichever address asked for it.
    const again = await api(`/shared/${publicId}`, { cookie: "locale=pl" });
    expect(again.headers.get("X-Share-Cache")).toBe("HIT");
    expect(await again.text()).toBe(html);
    // An unknown share under a prefix: the page not found, in that language.
    const unknown = await api(`/pl/shared/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<html lang="pl">');
  });
});

describe("search engines", () => {
  it("keep a share out of their results unless the owner chooses otherwise", async () => {
    const owner = await accountOnPlan("starter");
    const chatId = await finishedChat(owner.cookie);
    const first = await share(owner.cookie, chatId);
    expect(first).toMatchObject({ indexable: false });
    let res = await page(first.publicId);
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(await res.text()).toContain('<meta name="robots" content="noindex, nofollow">');

    const listed = await api("/api/chat/share", { cookie: owner.cookie, body: { chatId, indexable: true } });
    expect(await json(listed)).toMatchObject({ publicId: first.publicId, indexable: true });
    res = await page(first.publicId);
    expect(res.headers.get("X-Robots-Tag")).toBe("index, nofollow");
    expect(await res.text()).toContain('<meta name="robots" content="index, nofollow">');
    expect((await json<SharedChatWire>(await sharedJson(first.publicId))).indexable).toBe(true);
    // Updating the link without saying keeps the choice; a bad value says what was wrong.
    expect(await share(owner.cookie, chatId)).toMatchObject({ indexable: true });
    const bad = await api("/api/chat/share", { cookie: owner.cookie, body: { chatId, indexable: "yes" } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("indexable");
  });

  it("take the owner's change of mind at once through updateShare, the snapshot staying where it was", async () => {
    const owner = await accountOnPlan("starter");
    const other = await accountOnPlan("starter");
    const chatId = await finishedChat(owner.cookie);
    const update = (cookie: string, body: Record<string, unknown>) =>
      api("/api/chat/updateShare", { cookie, body });
    // Not shared yet: there is no page to list.
    expect((await update(owner.cookie, { chatId, indexable: true })).status).toBe(404);
    const { publicId } = await share(owner.cookie, chatId);
    expect(await json(await update(owner.cookie, { chatId, indexable: true }))).toMatchObject({
      indexable: true,
    });
    expect((await page(publicId)).headers.get("X-Robots-Tag")).toBe("index, nofollow");
    const before = await json<SharedChatWire>(await sharedJson(publicId));
    await startAnswer(owner.cookie, "send", { chatId, content: "A later question" });
    await readToDone(owner.cookie, chatId);

    const res = await update(owner.cookie, { chatId, indexable: false });
    expect(await json(res)).toMatchObject({ publicId, indexable: false });
    // The cached page went with the old choice.
    expect((await page(publicId)).headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const after = await json<SharedChatWire>(await sharedJson(publicId));
    expect(after.indexable).toBe(false);
    expect(after.messages.map((m) => m.content)).toEqual(before.messages.map((m) => m.content));

    expect((await update(other.cookie, { chatId, indexable: true })).status).toBe(404);
    expect((await update(owner.cookie, { chatId, indexable: "no" })).status).toBe(400);
    expect((await update(owner.cookie, { chatId })).status).toBe(400);
    expect((await json<SharedChatWire>(await sharedJson(publicId))).indexable).toBe(false);
  });
});

describe("stopping sharing", () => {
  it("answers 404 at once (the cached page purged), and sharing again makes a new id", async () => {
    const owner = await accountOnPlan("starter");
    const chatId = await finishedChat(owner.cookie);
    const { publicId } = await share(owner.cookie, chatId);
    await page(publicId);
    expect((await page(publicId)).headers.get("X-Share-Cache")).toBe("HIT");

    const res = await api("/api/chat/unshare", { cookie: owner.cookie, body: { chatId } });
    expect(res.status).toBe(200);
    const gone = await page(publicId);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("Cache-Control")).toBe("no-store");
    expect(await gone.text()).toContain("This conversation is not available");
    expect((await sharedJson(publicId)).status).toBe(404);
    const [row] = await withDb((db) => db.select().from(chat).where(eq(chat.id, chatId)));
    expect(row?.publicId).toBeNull();
    expect(row?.sharedUpTo).toBeNull();

    const again = await share(owner.cookie, chatId);
    expect(again.publicId).not.toBe(publicId);
    expect((await page(publicId)).status).toBe(404);
    expect((await page(again.publicId)).status).toBe(200);
  });
});

describe("ownership and unknown ids", () => {
  it("404s another user's chat for share, unshare and fork; unknown or malformed public ids are not found", async () => {
    const owner = await accountOnPlan("starter");
    const other = await accountOnPlan("starter");
    const chatId = await finishedChat(owner.cookie);
    for (const path of ["/api/chat/share", "/api/chat/unshare"]) {
      expect((await api(path, { cookie: other.cookie, body: { chatId } })).status, path).toBe(404);
    }
    expect((await api("/api/chat/fork", { cookie: other.cookie, body: { chatId } })).status).toBe(404);
    const [row] = await withDb((db) => db.select().from(chat).where(eq(chat.id, chatId)));
    expect(row?.publicId).toBeNull();

    const unknown = crypto.randomUUID();
    expect((await page(unknown)).status).toBe(404);
    expect((await sharedJson(unknown)).status).toBe(404);
    expect((await api("/api/chat/fork", { cookie: other.cookie, body: { publicId: unknown } })).status).toBe(
      404,
    );
    expect((await page(unknown.toUpperCase())).status).toBe(404);
    const malformed = await page("not-a-uuid");
    expect(malformed.status).toBe(404);
    // The error screen of SPEC §2, mascot included, as the app's own.
    const text = await malformed.text();
    expect(text).toContain("Page Not Found: /shared/not-a-uuid");
    expect(text).toContain('src="/images/lost-mascot.svg"');
    expect((await sharedJson("not-a-uuid")).status).toBe(400);
    // No id, or more after one: the same page, not the API's JSON.
    for (const path of ["", `${unknown}/extra`]) {
      const res = await page(path);
      expect([res.status, res.headers.get("Content-Type")], path).toEqual([404, "text/html; charset=utf-8"]);
      expect(await res.text()).toContain(`Page Not Found: /shared/${path}`);
    }
    // Sharing needs a session.
    expect((await api("/api/chat/share", { body: { chatId } })).status).toBe(401);
  });

  it("says what was wrong with a fork request", async () => {
    const owner = await accountOnPlan("starter");
    const both = await api("/api/chat/fork", {
      cookie: owner.cookie,
      body: { chatId: 1, publicId: crypto.randomUUID() },
    });
    expect(both.status).toBe(400);
    expect(JSON.stringify(await both.json())).toContain("either publicId");
    const neither = await api("/api/chat/fork", { cookie: owner.cookie, body: {} });
    expect(neither.status).toBe(400);
    const bad = await api("/api/chat/fork", { cookie: owner.cookie, body: { publicId: "ABC" } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("UUID");
  });
});

describe("forking", () => {
  it("copies a share into the reader's own chat, recording where each message came from", async () => {
    const owner = await accountOnPlan("starter");
    const reader = await accountOnPlan("starter");
    const chatId = await finishedChat(owner.cookie, "A question worth keeping");
    const { publicId } = await share(owner.cookie, chatId);
    const res = await api("/api/chat/fork", { cookie: reader.cookie, body: { publicId } });
    expect(res.status).toBe(201);
    const { chatId: forkId, chat: made } = await json<ForkWire>(res);
    expect(forkId).not.toBe(chatId);
    // The new chat whole, for the reader's lists to show it without reading them again.
    expect(made).toMatchObject({ id: forkId, assistantId: null, publicId: null });

    const original = await readChat(owner.cookie, chatId);
    const fork = await readChat(reader.cookie, forkId);
    expect(fork.messages.map((m) => m.content)).toEqual(original.messages.map((m) => m.content));
    const [row] = await withDb((db) => db.select().from(chat).where(eq(chat.id, forkId)));
    expect(row?.user).toBe(reader.id);
    expect(row?.assistantId).toBeNull();
    expect(row?.publicId).toBeNull();
    expect(row?.forkedMessagesIds).toEqual(original.messages.map((m) => m.id));
    // The owner's chat is untouched, and the reader can go on in theirs.
    expect((await readChat(owner.cookie, chatId)).messages).toHaveLength(2);
    await startAnswer(reader.cookie, "send", { chatId: forkId, content: "And then?" });
    await readToDone(reader.cookie, forkId);
    expect((await readChat(reader.cookie, forkId)).messages).toHaveLength(4);
  });

  it("copies of someone else's share only what its page shows: none of the owner's documents, usage or ids", async () => {
    const owner = await accountOnPlan("starter");
    const reader = await accountOnPlan("starter");
    const tag = crypto.randomUUID().slice(0, 8);
    const fileName = `owner-salary-${tag}.docx`;
    const doc = await upload(owner.cookie, {
      name: fileName,
      bytes: makeDocx([[null, "My salary is 123,456 a year and my PIN is 0000."]]),
    });
    const started = await api("/api/chat/new", {
      cookie: owner.cookie,
      body: {
        assistantId: "default",
        model: "gpt-4.1",
        content: "What does my file say?",
        attachmentIds: [doc.id],
      },
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const chatId = (await json<{ chat: { id: number } }>(started)).chat.id;
    await readToDone(owner.cookie, chatId);
    // What the answer's generation left in it, beside what a reader may see of it (reasoning, web sources),
    // and a field no allow-list knows of yet.
    const [answer] = await withDb((db) =>
      db
        .select()
        .from(message)
        .where(and(eq(message.chat, chatId), eq(message.model, "gpt-4.1"))),
    );
    const stored = answer?.metadata as Record<string, unknown>;
    expect(stored.documents).toMatchObject({ sources: [{ attachmentId: doc.id, name: fileName }] });
    expect(stored.generationId).toEqual(expect.any(String));
    await withDb((db) =>
      db
        .update(message)
        .set({
          metadata: {
            ...stored,
            usage: { inputTokens: 4321, outputTokens: 765 },
            reasoning: "Thinking it over.",
            search: {
              status: "completed",
              sources: [{ url: "https://example.com/public", title: "A public page", owner: "private" }],
            },
            ownerNote: `private-${tag}`,
          },
        })
        .where(eq(message.id, answer?.id ?? 0)),
    );
    const { publicId } = await share(owner.cookie, chatId);
    const snapshot = await json<SharedChatWire>(await sharedJson(publicId));
    const shown = snapshot.messages.map((m) => m.metadata);
    expect(shown[1]).toEqual({
      role: "assistant",
      done: true,
      outcome: "done",
      reasoning: "Thinking it over.",
      search: {
        status: "completed",
        sources: [{ url: "https://example.com/public", title: "A public page" }],
      },
    });

    const res = await api("/api/chat/fork", { cookie: reader.cookie, body: { publicId } });
    expect(res.status).toBe(201);
    const { chatId: forkId } = await json<ForkWire>(res);
    // Through the API: each message holds what the share showed, no more; the owner's file is not attached.
    const fork = await readChat(reader.cookie, forkId);
    expect(fork.messages.map((m) => m.metadata)).toEqual(shown);
    expect(fork.messages.map((m) => m.content)).toEqual(snapshot.messages.map((m) => m.content));
    expect(fork.messages.map((m) => m.model)).toEqual(snapshot.messages.map((m) => m.model));
    expect(fork.messages.flatMap((m) => (m as { attachments?: unknown[] }).attachments ?? [])).toEqual([]);
    // Straight from the database: the rows hold nothing else either.
    const rows = await withDb((db) =>
      db.select().from(message).where(eq(message.chat, forkId)).orderBy(asc(message.id)),
    );
    expect(rows.map((r) => r.metadata)).toEqual(shown);
    const copied = JSON.stringify(rows.map((r) => r.metadata));
    for (const secret of [fileName, doc.id, "generationId", "usage", "4321", "documents", `private-${tag}`]) {
      expect(copied, secret).not.toContain(secret);
    }
    // The reader's next question draws on none of the owner's documents.
    await startAnswer(reader.cookie, "send", { chatId: forkId, model: "gpt-4.1", content: "And then?" });
    const events = await readToDone(reader.cookie, forkId);
    expect(events.some((e) => e.event.type === "documents")).toBe(false);
    // The owner's own messages keep all of theirs, and so does a fork of their own chat.
    const own = await api("/api/chat/fork", { cookie: owner.cookie, body: { chatId } });
    const ownFork = (await json<ForkWire>(own)).chatId;
    const ownRows = await withDb((db) =>
      db.select().from(message).where(eq(message.chat, ownFork)).orderBy(asc(message.id)),
    );
    expect(ownRows[1]?.metadata).toMatchObject({ usage: { inputTokens: 4321 }, ownerNote: `private-${tag}` });
  });

  it("branches one's own chat from a message; a message of another chat is not found", async () => {
    const owner = await accountOnPlan("starter");
    const chatId = await finishedChat(owner.cookie, "First");
    await startAnswer(owner.cookie, "send", { chatId, content: "Second" });
    await readToDone(owner.cookie, chatId);
    const { messages } = await readChat(owner.cookie, chatId);
    const firstAnswer = messages[1];
    const res = await api("/api/chat/fork", {
      cookie: owner.cookie,
      body: { chatId, messageId: firstAnswer?.id },
    });
    expect(res.status).toBe(201);
    const { chatId: branch } = await json<{ chatId: number }>(res);
    const copied = await readChat(owner.cookie, branch);
    expect(copied.messages.map((m) => m.content)).toEqual(messages.slice(0, 2).map((m) => m.content));
    const [row] = await withDb((db) => db.select().from(chat).where(eq(chat.id, branch)));
    expect(row?.forkedMessagesIds).toEqual(messages.slice(0, 2).map((m) => m.id));

    const elsewhere = await finishedChat(owner.cookie, "Elsewhere");
    const foreign = (await readChat(owner.cookie, elsewhere)).messages[0]?.id;
    const wrong = await api("/api/chat/fork", { cookie: owner.cookie, body: { chatId, messageId: foreign } });
    expect(wrong.status).toBe(404);
  });

  it("continues from the page's form: a member lands in the new chat, a visitor is sent to sign in", async () => {
    const owner = await accountOnPlan("starter");
    const reader = await accountOnPlan("starter");
    const chatId = await finishedChat(owner.cookie);
    const { publicId } = await share(owner.cookie, chatId);
    // As the page's form posts it, not following the redirect.
    const form = (cookie?: string, origin = ORIGIN) =>
      exports.default.fetch(
        new Request(`${ORIGIN}/shared/${publicId}/fork`, {
          method: "POST",
          redirect: "manual",
          headers: {
            Origin: origin,
            "Content-Type": "application/x-www-form-urlencoded",
            ...(cookie ? { Cookie: cookie } : {}),
          },
        }),
      );
    const member = await form(reader.cookie);
    expect(member.status, await member.clone().text()).toBe(303);
    const location = member.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/app\/a\/default\/c\/\d+$/);
    const forkId = Number(location.split("/").pop());
    expect((await readChat(reader.cookie, forkId)).messages).toHaveLength(2);

    const visitor = await form();
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toBe(
      `/login?redirect=${encodeURIComponent(`/shared/${publicId}`)}`,
    );
    // Another site cannot make a signed-in reader fork.
    expect((await form(reader.cookie, "https://evil.test")).status).toBe(403);
  });
});

const HOSTILE = [
  "# A perfectly normal answer",
  "Hello <script>window.__xss = 'script'</script> world.",
  `<img src="x" onerror="window.__xss = 'onerror'">`,
  "[a javascript link](javascript:window.__xss='link')",
  `<a href="javascript:window.__xss='raw-link'">a raw link</a>`,
  `<svg><script>window.__xss = 'svg-script'</script><circle r="5" onload="window.__xss = 'svg-onload'"/></svg>`,
  `<iframe src="javascript:window.__xss='iframe'"></iframe>`,
  "![pixel](javascript:window.__xss='image')",
  "<style>body { display: none }</style>",
  "[a real link](https://example.com/page)",
  "$$\\href{javascript:alert(1)}{x}$$ and `code` and $\\frac{1}{2}$",
  "```js\nconst a = '<script>alert(1)</script>';\n```",
].join("\n\n");

describe("the shared page's safety", () => {
  it("renders a hostile answer as text: no tag, handler or script link survives", async () => {
    const owner = await accountOnPlan("starter");
    const chatId = await finishedChat(owner.cookie, `<img src=x onerror="window.__xss='user'"> <b>bold?</b>`);
    await withDb((db) =>
      db
        .update(message)
        .set({ content: HOSTILE })
        .where(and(eq(message.chat, chatId), eq(message.model, "test"))),
    );
    const { publicId } = await share(owner.cookie, chatId);
    const html = await (await page(publicId)).text();
    const body = html.slice(html.indexOf("<body>"));
    expect(body).toContain("<h1>A perfectly normal answer</h1>");
    expect(body).toContain("&#60;script&#62;window.__xss = &#39;script&#39;&#60;/script&#62;");
    // Shown as escaped text, never as markup, a handler or an address.
    for (const tag of ["script", "img", "iframe", "svg", "style", "object", "embed"]) {
      expect(body.includes(`<${tag}`), tag).toBe(false);
    }
    expect(body).not.toMatch(/<[^>]*\son\w+\s*=/i);
    expect(body).not.toMatch(/(?:href|src)\s*=\s*["']?\s*javascript:/i);
    expect(body).toContain(
      '<a href="https://example.com/page" target="_blank" rel="noopener noreferrer">a real link</a>',
    );
    expect(body).toContain("<math");
    expect(body).toContain('class="hljs language-js"');
    // The user's own markup is text too.
    expect(body).toContain("&#60;b&#62;bold?&#60;/b&#62;");
  });
});

describe("the shared page's math", () => {
  /** A share of `content` as its one answer, as GET /api/shared/{publicId} gives it. */
  async function sharedAnswer(content: string) {
    const owner = await accountOnPlan("starter");
    const chatId = await finishedChat(owner.cookie);
    await withDb((db) =>
      db
        .update(message)
        .set({ content })
        .where(and(eq(message.chat, chatId), eq(message.model, "test"))),
    );
    const { publicId } = await share(owner.cookie, chatId);
    return json<SharedChatWire>(await sharedJson(publicId));
  }

  it("carries KaTeX's stylesheet inline with KaTeX's HTML, read only for a page with math", async () => {
    const asked: string[] = [];
    const styles = async () => {
      asked.push("katex");
      return ".katex{font:normal 1.21em KaTeX_Main}";
    };
    const plain = await renderSharedPage(
      await sharedAnswer("No math here."),
      ORIGIN,
      "anonymous",
      "en",
      styles,
    );
    expect(asked).toEqual([]);
    const shared = await sharedAnswer("So $$\\sum_{i=1}^n i$$");
    const html = await renderSharedPage(shared, ORIGIN, "anonymous", "en", styles);
    expect(asked).toEqual(["katex"]);
    expect(html).toContain("<style>.katex{font:normal 1.21em KaTeX_Main}</style></head>");
    expect(html).toContain('class="katex-html"');
    expect(plain).not.toContain("KaTeX_Main");
  });

  it("leaves the formulas' MathML alone on show without a stylesheet it can inline", async () => {
    const shared = await sharedAnswer("So $x^2$.");
    for (const styles of [
      async () => null,
      async () => "a{}</style><script>",
      () => Promise.reject(new Error("no")),
    ]) {
      const html = await renderSharedPage(shared, ORIGIN, "anonymous", "en", styles);
      expect(html).toContain("<style>.katex-html{display:none}</style></head>");
      expect(html).not.toContain("<script>");
    }
  });
});

describe("pictures of a shared chat", () => {
  const imageChat = async (cookie: string, prompt: string) => {
    const started = await startChat(cookie, prompt, { model: "test-image" });
    await readToDone(cookie, started.chat.id);
    const { messages } = await readChat(cookie, started.chat.id);
    const answer = messages.find((m) => m.role === "assistant");
    const images = (answer?.metadata.images ?? []) as { url: string }[];
    expect(images.length).toBeGreaterThan(0);
    return { chatId: started.chat.id, messageId: answer?.id ?? 0, url: images[0]?.url ?? "" };
  };

  it("are served to anyone through the share, and nothing else is", async () => {
    const owner = await accountOnPlan("starter");
    const shown = await imageChat(owner.cookie, "a red square");
    const hidden = await imageChat(owner.cookie, "a secret blue circle");
    const { publicId } = await share(owner.cookie, shown.chatId);

    const body = await json<SharedChatWire>(await sharedJson(publicId));
    const picture = body.messages.find((m) => m.role === "assistant")?.metadata.images?.[0];
    expect(picture?.url).toBe(`/api/shared/${publicId}/images/${shown.messageId}/0`);
    // The owner's own address (with their id and R2 key) never leaves.
    expect(JSON.stringify(body)).not.toContain("/api/files/");
    // Named by what it shows, as its question says it.
    expect(await (await page(publicId)).text()).toContain(`<img src="${picture?.url}" alt="a red square"`);

    const anonymous = await api(picture?.url ?? "");
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("Content-Type")).toBe("image/png");
    expect((await anonymous.arrayBuffer()).byteLength).toBeGreaterThan(0);

    expect((await api(`/api/shared/${publicId}/images/${shown.messageId}/1`)).status).toBe(404);
    // The index is written in digits: "0x0" is not the first picture.
    expect((await api(`/api/shared/${publicId}/images/${shown.messageId}/0x0`)).status).toBe(400);
    // Another chat's picture, even the same owner's, is not reachable through this share.
    expect((await api(`/api/shared/${publicId}/images/${hidden.messageId}/0`)).status).toBe(404);
    expect((await api(hidden.url)).status).toBe(401);
    expect((await api(shown.url)).status).toBe(401);

    await api("/api/chat/unshare", { cookie: owner.cookie, body: { chatId: shown.chatId } });
    expect((await api(picture?.url ?? "")).status).toBe(404);
  });

  it("are copied to the reader's own files when they fork a share", async () => {
    const owner = await accountOnPlan("starter");
    const reader = await accountOnPlan("starter");
    const shown = await imageChat(owner.cookie, "a green triangle");
    // Midjourney-style upscale buttons carry the owner's task ids: the page never shows them, nor a fork.
    await withDb(async (db) => {
      const [row] = await db.select().from(message).where(eq(message.id, shown.messageId));
      const metadata = row?.metadata as { images: Record<string, unknown>[] };
      const choices = [{ label: "U1", taskId: "owner-task-1", customId: "owner-custom-1" }];
      await db
        .update(message)
        .set({ metadata: { ...metadata, images: metadata.images.map((image) => ({ ...image, choices })) } })
        .where(eq(message.id, shown.messageId));
    });
    const { publicId } = await share(owner.cookie, shown.chatId);
    const res = await api("/api/chat/fork", { cookie: reader.cookie, body: { publicId } });
    const { chatId } = await json<{ chatId: number }>(res);
    const fork = await readChat(reader.cookie, chatId);
    const url = ((fork.messages[1]?.metadata.images ?? []) as { url: string }[])[0]?.url ?? "";
    expect(url.startsWith(`/api/files/generated/${reader.id}/${chatId}/`)).toBe(true);
    // What the page shows of it (its size keeps its box), and no more.
    expect(fork.messages[1]?.metadata.images).toEqual([
      { url, mimeType: "image/png", width: 128, height: 128 },
    ]);
    expect(JSON.stringify(fork.messages)).not.toContain("owner-task-1");
    expect((await api(url, { cookie: reader.cookie })).status).toBe(200);
    expect((await api(shown.url, { cookie: reader.cookie })).status).toBe(404);
  });
});
