// The assistants API (SPEC §7): create, replace, list, delete (its chats move to the default assistant),
// labels unique per user even when two saves race, another user's id a 404 everywhere, the preprompt upstream.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { assistant, chat } from "../../drizzle/schema";
import { ASSISTANT_ICONS } from "../../src/domain/assistants";
import { errorOf, withDb } from "./support/accounts";
import { api, json } from "./support/api";
import { readToDone, startChat } from "./support/chats";
import { accountOnPlan } from "./support/plans";
import { text, upload, uploadRaw } from "./support/uploads";
import { lastUpstreamRequest, uniqueTag } from "./support/upstreams";

interface Saved {
  id: number;
  label: string;
  preprompt: string;
  image: string | null;
  prop: string | null;
  modelsConfiguration: Record<string, string[]> | null;
  attachments: { id: string; name: string; size: number; assistantId: number | null }[];
}

const save = (cookie: string, body: Record<string, unknown>) =>
  api("/api/assistants/update", { cookie, body: { assistant: body } });

async function create(cookie: string, body: Record<string, unknown>): Promise<Saved> {
  const res = await save(cookie, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Saved>(res);
}

const list = async (cookie: string) => json<Saved[]>(await api("/api/assistants/all", { cookie }));

describe("saving assistants", () => {
  it("creates without an id, replaces the whole object with one, and lists them", async () => {
    const { cookie } = await accountOnPlan("standard");
    const made = await create(cookie, {
      label: "  Translator  ",
      preprompt: "Translate into French.",
      image: "🌍",
      prop: "blue",
    });
    expect(made).toEqual({
      id: expect.any(Number),
      label: "Translator",
      preprompt: "Translate into French.",
      image: "🌍",
      prop: "blue",
      modelsConfiguration: null,
      attachments: [],
    });

    const replaced = await save(cookie, {
      id: made.id,
      label: "Traducteur",
      modelsConfiguration: { text: ["claude-sonnet-5-5", "not-a-model"] },
    });
    expect(replaced.status).toBe(200);
    const body = await json<Saved>(replaced);
    // The whole object: what the save leaves out is reset, not kept.
    expect(body).toMatchObject({ id: made.id, label: "Traducteur", preprompt: "", image: null, prop: null });
    // Cleaned against the catalogue: unknown keys dropped, every other pickable model appended.
    expect(body.modelsConfiguration?.text?.[0]).toBe("claude-sonnet-5-5");
    expect(body.modelsConfiguration?.text).not.toContain("not-a-model");
    expect(body.modelsConfiguration?.image?.length).toBeGreaterThan(0);

    expect(await list(cookie)).toEqual([body]);
  });

  it("refuses bad fields with a 400 naming them", async () => {
    const { cookie } = await accountOnPlan("standard");
    const cases: [Record<string, unknown>, string][] = [
      [{ label: "" }, "assistant.label"],
      [{ label: "   " }, "assistant.label"],
      // Nothing that shows: a blank row in every list.
      [{ label: "\u200b" }, "assistant.label"],
      [{ label: " \u2060\ufeff\u3164 " }, "assistant.label"],
      [{ label: "x".repeat(201) }, "assistant.label"],
      [{ preprompt: "no label" }, "assistant.label"],
      [{ label: "Icon", image: "x".repeat(51) }, "assistant.image"],
      [{ label: "Colour", prop: "chartreuse" }, "assistant.prop"],
      [{ label: "Models", modelsConfiguration: { text: "gpt-4.1" } }, "assistant.modelsConfiguration.text"],
      [{ label: "Id", id: "abc" }, "assistant.id"],
    ];
    for (const [body, path] of cases) {
      const res = await save(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await errorOf(res);
      expect(JSON.stringify(error.details), JSON.stringify(body)).toContain(path);
    }
    expect(await list(cookie)).toEqual([]);
  });

  it("takes as its icon only one the editor offers (or none): anything else is a 400 naming assistant.image", async () => {
    const { cookie } = await accountOnPlan("standard");
    const made = await create(cookie, { label: "Iconic", image: ASSISTANT_ICONS[1], prop: "green" });
    expect(made.image).toBe(ASSISTANT_ICONS[1]);
    for (const image of ["<script>", "<img src=x onerror=alert(1)>", "🙂", "x", "🤖🤖", 42]) {
      for (const body of [
        { label: "Hostile", image },
        { id: made.id, label: "Iconic", image, prop: "green" },
      ]) {
        const res = await save(cookie, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        const error = await errorOf(res);
        expect(error.code).toBe("invalid_input");
        expect(JSON.stringify(error.details)).toContain("assistant.image");
      }
    }
    // Nothing was stored: the update left the icon as it was, and no assistant was created.
    expect((await list(cookie)).map((a) => [a.label, a.image])).toEqual([["Iconic", ASSISTANT_ICONS[1]]]);
    const [row] = await withDb((db) => db.select().from(assistant).where(eq(assistant.id, made.id)));
    expect(row?.image).toBe(ASSISTANT_ICONS[1]);
    // Every offered icon is taken as is; "" and null both mean none.
    for (const icon of ASSISTANT_ICONS) {
      const res = await save(cookie, { id: made.id, label: "Iconic", image: icon });
      expect(res.status, icon).toBe(200);
      expect((await json<Saved>(res)).image).toBe(icon);
    }
    for (const none of ["", "  ", null]) {
      const res = await save(cookie, { id: made.id, label: "Iconic", image: none });
      expect(res.status).toBe(200);
      expect((await json<Saved>(res)).image).toBeNull();
    }
  });

  it("shows an icon stored before the check, which the editor does not offer, as the default one", async () => {
    const { id, cookie } = await accountOnPlan("standard");
    const [old] = await withDb((db) =>
      db
        .insert(assistant)
        .values({ userId: id, label: "From before", image: "🦄", prop: "blue" })
        .returning(),
    );
    const listed = (await list(cookie)).find((a) => a.id === old?.id);
    expect(listed).toMatchObject({ label: "From before", image: null, prop: "blue" });
    // So the editor can save it again as it shows it (an unknown icon would be refused).
    const res = await save(cookie, { ...listed });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json<Saved>(res)).image).toBeNull();
  });

  it("a label is unique per user: a duplicate (or the built-in name) is a 409, another user may use it", async () => {
    const [ann, bob] = [await accountOnPlan("standard"), await accountOnPlan("standard")];
    const first = await create(ann.cookie, { label: "Coach" });
    const second = await create(ann.cookie, { label: "Tutor" });

    const duplicate = await save(ann.cookie, { label: "Coach" });
    expect(duplicate.status).toBe(409);
    expect((await errorOf(duplicate)).code).toBe("assistant_label_taken");
    // Renaming onto another's label too; saving an assistant under its own label is fine.
    expect((await save(ann.cookie, { id: second.id, label: "Coach" })).status).toBe(409);
    expect((await save(ann.cookie, { id: first.id, label: "Coach", preprompt: "Push me." })).status).toBe(
      200,
    );
    expect((await errorOf(await save(ann.cookie, { label: "switchboard" }))).code).toBe(
      "assistant_label_taken",
    );

    expect((await save(bob.cookie, { label: "Coach" })).status).toBe(201);
    expect((await list(ann.cookie)).map((a) => a.label)).toEqual(["Coach", "Tutor"]);
  });

  it("two saves racing for one label: one is created, the others answer 409", async () => {
    const { cookie } = await accountOnPlan("standard");
    const answers = await Promise.all(Array.from({ length: 6 }, () => save(cookie, { label: "Twin" })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await list(cookie)).map((a) => a.label)).toEqual(["Twin"]);
  });
});

describe("deleting assistants", () => {
  it("moves its chats to the default assistant, then deletes it", async () => {
    const account = await accountOnPlan("standard");
    const doomed = await create(account.cookie, { label: "Doomed" });
    const kept = await create(account.cookie, { label: "Kept" });
    const one = await startChat(account.cookie, "first", { assistantId: doomed.id });
    const two = await startChat(account.cookie, "second", { assistantId: doomed.id });
    const other = await startChat(account.cookie, "other", { assistantId: kept.id });
    await Promise.all([one, two, other].map((c) => readToDone(account.cookie, c.chat.id)));

    const res = await api("/api/assistants/delete", {
      cookie: account.cookie,
      body: { assistantId: doomed.id },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ok: true, movedChats: 2 });

    expect((await list(account.cookie)).map((a) => a.id)).toEqual([kept.id]);
    const rows = await withDb((db) =>
      db.select({ id: chat.id, assistantId: chat.assistantId }).from(chat).where(eq(chat.user, account.id)),
    );
    expect(new Map(rows.map((r) => [r.id, r.assistantId]))).toEqual(
      new Map([
        [one.chat.id, null],
        [two.chat.id, null],
        [other.chat.id, kept.id],
      ]),
    );
    const defaults = await json<{ chats: { id: number }[] }>(
      await api("/api/assistants/chats", { cookie: account.cookie, body: { assistantId: "default" } }),
    );
    expect(defaults.chats.map((c) => c.id).sort()).toEqual([one.chat.id, two.chat.id].sort());
    // Gone: a second delete and a chat under it are 404s.
    const again = await api("/api/assistants/delete", {
      cookie: account.cookie,
      body: { assistantId: doomed.id },
    });
    expect(again.status).toBe(404);
  });

  it("takes its files with it: rows and stored bytes", async () => {
    const account = await accountOnPlan("standard");
    const withFiles = await create(account.cookie, { label: "Librarian" });
    const other = await create(account.cookie, { label: "Other" });
    const notes = await upload(
      account.cookie,
      { name: "notes.txt", bytes: text("Owls hoot.") },
      {
        assistantId: String(withFiles.id),
      },
    );
    const kept = await upload(
      account.cookie,
      { name: "kept.txt", bytes: text("Kept.") },
      {
        assistantId: String(other.id),
      },
    );
    const listed = await list(account.cookie);
    expect(listed.find((a) => a.id === withFiles.id)?.attachments).toEqual([
      expect.objectContaining({ id: notes.id, name: "notes.txt", size: 10, assistantId: withFiles.id }),
    ]);
    // A save is the assistant alone: its files stay as they are.
    const saved = await json<Saved>(await save(account.cookie, { id: withFiles.id, label: "Librarian 2" }));
    expect(saved.attachments.map((a) => a.id)).toEqual([notes.id]);

    const res = await api("/api/assistants/delete", {
      cookie: account.cookie,
      body: { assistantId: withFiles.id },
    });
    expect(res.status).toBe(200);
    expect(await env.FILES.head(`attachments/${account.id}/${notes.id}`)).toBeNull();
    expect(
      (await api(`/api/attachments/${notes.id}`, { cookie: account.cookie, method: "GET" })).status,
    ).toBe(404);
    expect(await env.FILES.head(`attachments/${account.id}/${kept.id}`)).not.toBeNull();
    expect((await list(account.cookie))[0]?.attachments.map((a) => a.id)).toEqual([kept.id]);
  });

  it("racing with moves into it: no chat is ever lost, each move either lands first or answers 404", async () => {
    const account = await accountOnPlan("standard");
    const doomed = await create(account.cookie, { label: "Racing" });
    const chats = await Promise.all(
      Array.from({ length: 4 }, (_, i) => startChat(account.cookie, `race ${i}`).then((c) => c.chat.id)),
    );
    const moves = chats.map((chatId) =>
      api("/api/chat/updateAssistant", { cookie: account.cookie, body: { chatId, assistantId: doomed.id } }),
    );
    const removal = api("/api/assistants/delete", {
      cookie: account.cookie,
      body: { assistantId: doomed.id },
    });
    const [deleted, ...moved] = await Promise.all([removal, ...moves]);
    expect(deleted.status).toBe(200);
    for (const res of moved) expect([200, 404]).toContain(res.status);
    const rows = await withDb((db) =>
      db.select({ id: chat.id, assistantId: chat.assistantId }).from(chat).where(eq(chat.user, account.id)),
    );
    expect(rows.map((r) => r.id).sort()).toEqual([...chats].sort());
    expect(rows.every((r) => r.assistantId === null)).toBe(true);
  });

  it("refuses a malformed id with a 400", async () => {
    const { cookie } = await accountOnPlan("standard");
    for (const assistantId of ["default", null, -1, "1e3"]) {
      const res = await api("/api/assistants/delete", { cookie, body: { assistantId } });
      expect(res.status, String(assistantId)).toBe(400);
    }
  });
});

describe("another user's assistant", () => {
  it("is a 404 on every endpoint and stays untouched", async () => {
    const [owner, stranger] = [await accountOnPlan("standard"), await accountOnPlan("standard")];
    const theirs = await create(owner.cookie, { label: "Private", preprompt: "secret" });
    const asStranger = (path: string, body: object) => api(path, { cookie: stranger.cookie, body });
    const answers = await Promise.all([
      asStranger("/api/assistants/update", { assistant: { id: theirs.id, label: "Hijacked" } }),
      asStranger("/api/assistants/delete", { assistantId: theirs.id }),
      asStranger("/api/assistants/chats", { assistantId: theirs.id }),
      asStranger("/api/chat/new", { assistantId: theirs.id, model: "test", content: "hello" }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    const mine = await startChat(stranger.cookie, "mine");
    const move = await asStranger("/api/chat/updateAssistant", {
      chatId: mine.chat.id,
      assistantId: theirs.id,
    });
    expect(move.status).toBe(404);
    const file = { name: "mine.txt", bytes: text("not yours") };
    expect((await uploadRaw(stranger.cookie, file, { assistantId: String(theirs.id) })).status).toBe(404);

    expect(await list(stranger.cookie)).toEqual([]);
    const [row] = await withDb((db) => db.select().from(assistant).where(eq(assistant.id, theirs.id)));
    expect(row).toMatchObject({ label: "Private", preprompt: "secret", userId: owner.id });
    expect((await list(owner.cookie))[0]?.attachments).toEqual([]);
  });
});

describe("an assistant's chats", () => {
  it("send its preprompt to the model as the system message", async () => {
    const account = await accountOnPlan("expert");
    const tag = uniqueTag("assistant");
    const pirate = await create(account.cookie, { label: "Pirate", preprompt: `Talk like a pirate. ${tag}` });
    const started = await startChat(account.cookie, "Hello", { model: "gpt-4.1", assistantId: pirate.id });
    await readToDone(account.cookie, started.chat.id);
    // Only the answer's request carries the preprompt (the chat title's request does not).
    const request = await lastUpstreamRequest(tag, { provider: "openai" });
    const { messages } = request.body as { messages: { role: string; content: unknown }[] };
    expect(messages[0]).toEqual({ role: "system", content: `Talk like a pirate. ${tag}` });
    expect(messages.at(-1)).toEqual({ role: "user", content: "Hello" });
  });
});
