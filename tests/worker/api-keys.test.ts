// API keys and the public OpenAI-compatible API (#19), through the official `openai` SDK pointed at the
// Worker: keys made and revoked in the app, models listed, answers streamed from the fake upstreams,
// counted against the owner's plan, refused in OpenAI's shapes.
import { exports } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import OpenAI from "openai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiKey, chat, log, subscription, usage, user } from "../../drizzle/schema";
import { MAX_API_KEYS_PER_USER } from "../../src/domain/api-keys";
import { FAIR_USAGE_RATES } from "../../src/domain/fair-usage";
import { QUOTAS } from "../../src/domain/usage";
import { withDb } from "./support/accounts";
import { api, json } from "./support/api";
import {
  V1_BASE_URL as BASE_URL,
  createApiKey as createKey,
  sdkRefusal as refusal,
  openAISdk as sdk,
} from "./support/openai-client";
import { accountOnPlan, addUsage, usageCount } from "./support/plans";
import { pngBytes } from "./support/uploads";
import {
  lastUpstreamRequest,
  scriptUpstream,
  uniqueTag,
  upstreamRequests,
  upstreamRequestsUntil,
} from "./support/upstreams";

interface KeyList {
  keys: { id: number; name: string; prefix: string; createdAt: string; lastUsedAt: string | null }[];
}

async function listKeys(cookie: string): Promise<KeyList> {
  const res = await api("/api/keys", { cookie });
  expect(res.status).toBe(200);
  return json<KeyList>(res);
}

/** The account's plan ends (a cancellation reached its period's end, or a payment failed for good). */
const endPlan = (userId: number) =>
  withDb((db) => db.update(subscription).set({ ok: false }).where(eq(subscription.userId, userId)));

const createAnswer = (cookie: string, name = "laptop") => api("/api/keys/create", { cookie, body: { name } });

/** A raw call to /api/v1 with a Bearer key (and whatever else a client might send). */
const v1 = (path: string, key: string, init: { body?: unknown; headers?: Record<string, string> } = {}) =>
  exports.default.fetch(
    new Request(`${BASE_URL}${path}`, {
      method: init.body === undefined ? "GET" : "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe("API keys in the app", () => {
  it("creates a key shown once, lists it by name and first characters, never the secret", async () => {
    const account = await accountOnPlan("starter");
    const created = await createKey(account.cookie, "CI runner");
    expect(created.key).toMatch(/^sb_[A-Za-z0-9_-]{43}$/);
    const { keys } = await listKeys(account.cookie);
    expect(keys).toEqual([
      {
        id: created.id,
        name: "CI runner",
        prefix: created.key.slice(0, 11),
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    const stored = await withDb((db) => db.select().from(apiKey).where(eq(apiKey.id, created.id)));
    // Only a digest is kept: the table cannot hand the key out again.
    expect(JSON.stringify(stored)).not.toContain(created.key.slice(3));
    expect(stored[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it(`holds at most ${MAX_API_KEYS_PER_USER} keys per user, even created all at once`, async () => {
    const account = await accountOnPlan("starter");
    const answers = await Promise.all(
      Array.from({ length: MAX_API_KEYS_PER_USER + 3 }, (_, i) =>
        api("/api/keys/create", { cookie: account.cookie, body: { name: `key ${i}` } }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_API_KEYS_PER_USER);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const refused = answers.find((r) => r.status === 409);
    expect((await json<{ error: { code: string } }>(refused as Response)).error.code).toBe("api_key_limit");
    expect((await listKeys(account.cookie)).keys).toHaveLength(MAX_API_KEYS_PER_USER);
  });

  it("refuses a bad name with a 400 and another user's key id with a 404", async () => {
    const owner = await accountOnPlan("starter");
    const other = await accountOnPlan("starter");
    const { id } = await createKey(owner.cookie);
    expect((await api("/api/keys/create", { cookie: owner.cookie, body: { name: "  " } })).status).toBe(400);
    expect((await api("/api/keys/create", { cookie: owner.cookie, body: { name: "\u200b" } })).status).toBe(
      400,
    );
    const foreign = await api("/api/keys/revoke", { cookie: other.cookie, body: { id } });
    expect(foreign.status).toBe(404);
    expect((await listKeys(owner.cookie)).keys.map((k) => k.id)).toEqual([id]);
    expect((await api("/api/keys", {})).status).toBe(401);
  });
});

describe("API keys need a plan", () => {
  it("refuses to create one without a paid plan (none, or ended) with 403 subscription_required", async () => {
    for (const plan of ["none", "unsubscribed"] as const) {
      const account = await accountOnPlan(plan);
      const res = await createAnswer(account.cookie);
      expect(res.status, plan).toBe(403);
      const { error } = await json<{ error: { code: string; message: string } }>(res);
      expect(error.code).toBe("subscription_required");
      expect(error.message).toContain("/app/account/subscription");
      expect(res.headers.get("Cache-Control") ?? "").not.toContain("no-store");
      expect(await withDb((db) => db.select().from(apiKey).where(eq(apiKey.userId, account.id)))).toEqual([]);
      expect((await listKeys(account.cookie)).keys).toEqual([]);
    }
  });

  it("lets a team member create one while the team's plan is active, and says whose plan ended when not", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const member = await accountOnPlan("standard", { adminUserId: admin.id });
    await createKey(member.cookie, "on the team's plan");
    await endPlan(admin.id);
    const res = await createAnswer(member.cookie);
    expect(res.status).toBe(403);
    const { error } = await json<{ error: { code: string; message: string } }>(res);
    expect(error).toMatchObject({ code: "subscription_required", message: expect.stringContaining("team") });
    expect((await listKeys(member.cookie)).keys.map((k) => k.name)).toEqual(["on the team's plan"]);
  });

  // A webhook ending a plan locks the account and writes its row in one transaction; a key asked for
  // meanwhile is decided after it, on the plan as it ends, not on the row read before it committed.
  // (Tells on PostgreSQL only: PGlite's one session runs the request after the transaction anyway.)
  it("decides a key asked for while the plan is ending on the ended plan (own plan and team's)", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const member = await accountOnPlan("standard", { adminUserId: admin.id });
    const own = await accountOnPlan("starter");
    for (const [asker, payer] of [
      [own, own],
      [member, admin],
    ] as const) {
      let answered = false;
      const pending = await withDb((db) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select 1 from ${user} where ${user.id} = ${payer.id} for update`);
          await tx.update(subscription).set({ ok: false }).where(eq(subscription.userId, payer.id));
          const res = createAnswer(asker.cookie).then((r) => {
            answered = true;
            return r;
          });
          await new Promise((resolve) => setTimeout(resolve, 500));
          expect(answered).toBe(false);
          return { res };
        }),
      );
      const res = await pending.res;
      expect(res.status, asker.email).toBe(403);
      expect((await listKeys(asker.cookie)).keys).toEqual([]);
    }
  });

  it("keeps the keys of a plan that ended listed and revocable, refused when used", async () => {
    const account = await accountOnPlan("starter");
    const { id, key } = await createKey(account.cookie, "old script");
    await endPlan(account.id);
    expect((await createAnswer(account.cookie)).status).toBe(403);
    expect((await listKeys(account.cookie)).keys.map((k) => k.id)).toEqual([id]);
    const used = await refusal(
      sdk(key).chat.completions.create({ model: "test", messages: [{ role: "user", content: "hi" }] }),
    );
    expect(used.status).toBe(403);
    expect(used.error).toMatchObject({ code: "model_not_in_plan" });
    expect((await api("/api/keys/revoke", { cookie: account.cookie, body: { id } })).status).toBe(200);
    expect((await listKeys(account.cookie)).keys).toEqual([]);
  });
});

describe("the OpenAI-compatible API", () => {
  it("lists the models this deployment offers", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createKey(account.cookie);
    const ids: string[] = [];
    for await (const model of sdk(key).models.list()) ids.push(model.id);
    expect(ids).toEqual(expect.arrayContaining(["test", "test-image", "gpt-4.1", "gpt-5-mini"]));
    const one = await sdk(key).models.retrieve("gpt-4.1");
    expect(one).toMatchObject({ id: "gpt-4.1", object: "model", owned_by: "openai" });
  });

  it("streams a completion from the upstream in OpenAI's chunks, with usage, and counts it", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createKey(account.cookie);
    const tag = uniqueTag("api-stream");
    const stream = await sdk(key).chat.completions.create({
      model: "gpt-4.1",
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: "system", content: "Answer briefly." },
        { role: "user", content: `Say hello ${tag}` },
      ],
    });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? "").join("");
    expect(text.length).toBeGreaterThan(0);
    expect(chunks[0]?.choices[0]?.delta.role).toBe("assistant");
    expect(chunks.every((c) => c.object === "chat.completion.chunk" && c.model === "gpt-4.1")).toBe(true);
    expect(chunks.find((c) => c.choices[0]?.finish_reason === "stop")).toBeDefined();
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage?.completion_tokens).toBeGreaterThan(0);
    expect(last?.usage?.total_tokens).toBe(
      (last?.usage?.prompt_tokens ?? 0) + (last?.usage?.completion_tokens ?? 0),
    );

    // The upstream was asked, with the system prompt, under the provider's own model name.
    const [seen] = await upstreamRequests(tag, { provider: "openai" });
    expect(JSON.stringify(seen?.body)).toContain("Answer briefly.");
    // A usage row like any other, tied to the key; no chat in the sidebar.
    expect(await usageCount(account.id, "text")).toBe(1);
    const rows = await withDb((db) => db.select().from(usage).where(eq(usage.userId, account.id)));
    expect(rows[0]?.apiKeyId).not.toBeNull();
    expect(await withDb((db) => db.select().from(chat).where(eq(chat.user, account.id)))).toEqual([]);
    const { keys } = await listKeys(account.cookie);
    expect(keys[0]?.lastUsedAt).not.toBeNull();
  });

  it("answers a whole completion with usage", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createKey(account.cookie);
    const completion = await sdk(key).chat.completions.create({
      model: "test",
      messages: [{ role: "user", content: "Hello there" }],
    });
    expect(completion.object).toBe("chat.completion");
    expect(completion.model).toBe("test");
    expect(completion.choices[0]?.message.role).toBe("assistant");
    expect(completion.choices[0]?.message.content?.length).toBeGreaterThan(0);
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    expect(completion.usage?.prompt_tokens).toBeGreaterThan(0);
    expect(completion.usage?.completion_tokens).toBeGreaterThan(0);
  });

  it("says finish_reason 'length' when max_tokens cut the answer, streamed or whole", async () => {
    const account = await accountOnPlan("expert");
    const { key } = await createKey(account.cookie);
    const question = [{ role: "user" as const, content: `Tell me everything ${uniqueTag("cut")}` }];
    // The built-in test model and a provider's (the upstream stand-in cuts as OpenAI does).
    for (const model of ["test", "gpt-4.1"]) {
      const whole = await sdk(key).chat.completions.create({ model, messages: question });
      const cut = await sdk(key).chat.completions.create({ model, messages: question, max_tokens: 5 });
      expect(whole.choices[0]?.finish_reason, model).toBe("stop");
      expect(cut.choices[0]?.finish_reason, model).toBe("length");
      expect(cut.choices[0]?.message.content?.length, model).toBeLessThanOrEqual(20);
      expect(cut.usage?.completion_tokens, model).toBeLessThanOrEqual(5);
      const stream = await sdk(key).chat.completions.create({
        model,
        messages: question,
        max_completion_tokens: 5,
        stream: true,
      });
      const finishes: (string | null | undefined)[] = [];
      for await (const chunk of stream) finishes.push(chunk.choices[0]?.finish_reason);
      expect(finishes.filter(Boolean), model).toEqual(["length"]);
    }
  });

  it("generates an image with an image model", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createKey(account.cookie);
    const result = await sdk(key).images.generate({ model: "test-image", prompt: "a red square" });
    const b64 = result.data?.[0]?.b64_json ?? "";
    const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
    expect(await usageCount(account.id, "image")).toBe(1);
  });

  it("answers 429 in OpenAI's shape with Retry-After once the plan's quota is spent", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createKey(account.cookie);
    await addUsage(account.id, "text", QUOTAS.starter.text);
    const err = await refusal(
      sdk(key).chat.completions.create({ model: "test", messages: [{ role: "user", content: "one more" }] }),
    );
    expect(err.status).toBe(429);
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
    expect(Number(err.headers?.get("retry-after"))).toBeGreaterThan(0);
    expect(err.error).toMatchObject({ type: "insufficient_quota", code: "insufficient_quota" });
    expect(err.message).toContain("You reached your quota");
    // The wait in words (Retry-After has the seconds): not "Retry after 10800 s".
    expect(err.message).toMatch(/Try again in \d+ (minutes|hours|days)\.$/);
    expect(await usageCount(account.id, "text")).toBe(QUOTAS.starter.text);
  });

  it("counts a team member's key against the team's pooled quota", async () => {
    const admin = await accountOnPlan("standard", { seats: 2 });
    const member = await accountOnPlan("standard", { adminUserId: admin.id });
    const { key } = await createKey(member.cookie);
    await addUsage(admin.id, "text", QUOTAS.standard.text * 2 - 1);
    const ask = () =>
      sdk(key).chat.completions.create({ model: "test", messages: [{ role: "user", content: "team" }] });
    expect((await ask()).choices[0]?.message.content).toBeTruthy();
    const err = await refusal(ask());
    expect(err.status).toBe(429);
    expect(err.error).toMatchObject({ type: "insufficient_quota" });
  });

  it("ends a stream that fails after its first tokens with OpenAI's error event", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createKey(account.cookie);
    const tag = uniqueTag("api-malformed");
    await scriptUpstream("openai", "malformed", tag);
    const stream = await sdk(key).chat.completions.create({
      model: "gpt-4.1",
      stream: true,
      messages: [{ role: "user", content: tag }],
    });
    let text = "";
    const err = await refusal(
      (async () => {
        for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
      })(),
    );
    expect(text.length).toBeGreaterThan(0);
    expect(err.message).toContain("Unable to process");
    await scriptUpstream("openai", "normal", tag);
  });

  it("holds each key to its own requests per minute, leaving the owner's other keys alone", async () => {
    const account = await accountOnPlan("expert");
    const busy = await createKey(account.cookie, "busy");
    const calm = await createKey(account.cookie, "calm");
    const perMinute = FAIR_USAGE_RATES.find((r) => r.windowSeconds === 60)?.limit ?? 0;
    const at = new Date(Date.now() - 5_000);
    await withDb((db) =>
      db.insert(usage).values(
        Array.from({ length: perMinute }, () => ({
          userId: account.id,
          model: "test",
          category: "text",
          requestedAt: at,
          apiKeyId: busy.id,
        })),
      ),
    );
    const ask = (key: string) =>
      sdk(key).chat.completions.create({ model: "test", messages: [{ role: "user", content: "hi" }] });
    const err = await refusal(ask(busy.key));
    expect(err.status).toBe(429);
    expect(err.error).toMatchObject({ type: "rate_limit_error", code: "rate_limit_exceeded" });
    expect(Number(err.headers?.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await ask(calm.key)).choices[0]?.message.content).toBeTruthy();
    // The key's requests do not use up its owner's pace in the app.
    const inApp = await api("/api/chat/new", {
      cookie: account.cookie,
      body: { assistantId: "default", model: "test", content: "from the app" },
    });
    expect(inApp.status).toBe(201);
  });

  it("lets exactly the key's per-minute rate through when requests arrive all at once", async () => {
    const account = await accountOnPlan("expert");
    const { key } = await createKey(account.cookie);
    const perMinute = FAIR_USAGE_RATES.find((r) => r.windowSeconds === 60)?.limit ?? 0;
    const answers = await Promise.all(
      Array.from({ length: perMinute + 3 }, () =>
        v1("/chat/completions", key, {
          body: { model: "test", messages: [{ role: "user", content: "go" }] },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(perMinute);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(await usageCount(account.id, "text")).toBe(perMinute);
  });

  it("cancels the upstream request when the client stops reading a stream", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createKey(account.cookie);
    const tag = uniqueTag("api-hang");
    await scriptUpstream("openai", "hang", tag);
    const res = await v1("/chat/completions", key, {
      body: { model: "gpt-4.1", stream: true, messages: [{ role: "user", content: tag }] },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body?.getReader();
    // The role chunk, then the one token the hanging upstream sends: the answer is under way.
    let seen = "";
    while (seen.split("data: ").length <= 2) {
      const step = await reader?.read();
      if (!step || step.done) break;
      seen += new TextDecoder().decode(step.value);
    }
    expect(seen.split("data: ").length).toBeGreaterThan(2);
    await reader?.cancel();
    const [request] = await upstreamRequestsUntil(tag, (rs) => rs[0]?.aborted === true, {
      provider: "openai",
    });
    expect(request?.aborted).toBe(true);
    await scriptUpstream("openai", "normal", tag);
  });

  it("passes pictures sent inline (data URLs) to a model that takes them, and says why it refuses others", async () => {
    const account = await accountOnPlan("expert");
    const { key } = await createKey(account.cookie);
    const tag = uniqueTag("picture");
    const url = `data:image/png;base64,${btoa(String.fromCharCode(...(await pngBytes(4))))}`;
    const asking = (model: string, image_url: { url: string }, role: "user" | "assistant" = "user") =>
      sdk(key).chat.completions.create({
        model,
        messages: [
          ...(role === "assistant"
            ? [
                { role: "user" as const, content: "Look" },
                { role, content: [{ type: "text" as const, text: "ok" }] },
              ]
            : []),
          {
            role: "user",
            content: [
              { type: "text", text: `Describe ${tag}` },
              { type: "image_url", image_url },
            ],
          },
        ],
      });
    const completion = await asking("gpt-4.1", { url });
    expect(completion.choices[0]?.message.content).toContain("I received 1 image");
    const request = await lastUpstreamRequest(tag, { provider: "openai" });
    const sent = (request.body as { messages: { content: unknown }[] }).messages.at(-1)?.content;
    expect(sent).toEqual([
      { type: "text", text: `Describe ${tag}` },
      { type: "image_url", image_url: { url } },
    ]);

    const remote = await refusal(asking("gpt-4.1", { url: "https://example.com/cat.png" }));
    expect(remote.status).toBe(400);
    expect(remote.message).toContain("messages[0].content[1].image_url.url: must be a data: URL");
    expect(remote.param).toBe("messages[0].content[1].image_url.url");
    const textOnly = await refusal(asking("mistral-large", { url }));
    expect(textOnly.status).toBe(400);
    expect(textOnly.message).toContain("the model 'mistral-large' does not take pictures");
    expect(textOnly.param).toBe("messages[0].content");
    const notAPicture = await refusal(asking("gpt-4.1", { url: `data:image/png;base64,${btoa("<html>")}` }));
    expect(notAPicture.message).toContain("must be a PNG, JPEG, GIF or WebP picture");
    // Only the request that went through was counted.
    expect(await usageCount(account.id, "text")).toBe(1);
  });

  it("refuses an unknown model with 404 and a model outside the plan with 403", async () => {
    const subscriber = await accountOnPlan("starter");
    const lapsed = await accountOnPlan("starter");
    const { key } = await createKey(subscriber.cookie);
    // A key made on a plan that has since ended (one cannot be made without a plan).
    const { key: lapsedKey } = await createKey(lapsed.cookie);
    await endPlan(lapsed.id);
    const unknown = await refusal(
      sdk(key).chat.completions.create({
        model: "no-such-model",
        messages: [{ role: "user", content: "hi" }],
      }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ type: "not_found_error", code: "model_not_found" });
    const notInPlan = await refusal(
      sdk(lapsedKey).chat.completions.create({ model: "test", messages: [{ role: "user", content: "hi" }] }),
    );
    expect(notInPlan.status).toBe(403);
    expect(notInPlan.error).toMatchObject({ type: "permission_error", code: "model_not_in_plan" });
    const wrongKind = await refusal(
      sdk(key).chat.completions.create({ model: "test-image", messages: [{ role: "user", content: "hi" }] }),
    );
    expect(wrongKind.status).toBe(400);
    // An absurd output limit is the caller's mistake (400), not a provider failure (502), and counts nothing.
    const absurd = await refusal(
      sdk(key).chat.completions.create({
        model: "test",
        messages: [{ role: "user", content: "hi" }],
        max_tokens: 1e15,
      }),
    );
    expect(absurd.status).toBe(400);
    expect(absurd.error).toMatchObject({
      type: "invalid_request_error",
      message: expect.stringContaining("max_tokens"),
      param: "max_tokens",
    });
    expect(wrongKind.param).toBe("model");
    expect(await usageCount(subscriber.id, "text")).toBe(0);
  });

  it("refuses a user message that says nothing with a 400 naming it, as OpenAI does, counting nothing", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createKey(account.cookie);
    const cases: [unknown[], string][] = [
      [[{ role: "user", content: null }], "messages[0].content"],
      [[{ role: "user", content: "" }], "messages[0].content"],
      [[{ role: "user", content: " \n\t " }], "messages[0].content"],
      [[{ role: "user", content: [] }], "messages[0].content"],
      [[{ role: "user", content: [{ type: "text", text: "  " }] }], "messages[0].content"],
      [[{ role: "user" }], "messages[0].content"],
      [
        [
          { role: "system", content: "Be brief" },
          { role: "user", content: "Hello" },
          { role: "assistant", content: "Hi" },
          { role: "user", content: "" },
        ],
        "messages[3].content",
      ],
    ];
    for (const [messages, param] of cases) {
      const res = await v1("/chat/completions", key, { body: { model: "test", messages } });
      expect(res.status, JSON.stringify(messages)).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          message: expect.stringContaining("content"),
          type: "invalid_request_error",
          param,
          code: "empty_content",
        },
      });
    }
    // Through the official SDK too: its error carries the field.
    const err = await refusal(
      sdk(key).chat.completions.create({
        model: "test",
        messages: [{ role: "user", content: "" }],
        stream: true,
      }),
    );
    expect(err.status).toBe(400);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.param).toBe("messages[0].content");
    // Refused before the request is counted: the quota is untouched.
    expect(await usageCount(account.id, "text")).toBe(0);
  });

  it("refuses an empty system, developer or assistant message just as clearly, counting nothing", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createKey(account.cookie);
    // Tool calls, which may stand in for an assistant's text at OpenAI, are not supported: ignored like any
    // unknown field, so they do not make an empty turn say something.
    const toolCalls = [{ id: "call_1", type: "function", function: { name: "f", arguments: "{}" } }];
    const cases: [Record<string, unknown>, string][] = [
      [{ role: "system", content: null }, "system"],
      [{ role: "system", content: "" }, "system"],
      [{ role: "system", content: " \n " }, "system"],
      [{ role: "system", content: [] }, "system"],
      [{ role: "developer", content: [{ type: "text", text: "  " }] }, "developer"],
      [{ role: "assistant", content: null }, "assistant"],
      [{ role: "assistant" }, "assistant"],
      [{ role: "assistant", content: "" }, "assistant"],
      [{ role: "assistant", content: "\t" }, "assistant"],
      [{ role: "assistant", content: [] }, "assistant"],
      [{ role: "assistant", content: [{ type: "text", text: "" }] }, "assistant"],
      [{ role: "assistant", content: null, tool_calls: toolCalls }, "assistant"],
    ];
    for (const [empty, role] of cases) {
      const messages = [{ role: "user", content: "Hello" }, empty, { role: "user", content: "Again" }];
      const res = await v1("/chat/completions", key, { body: { model: "test", messages } });
      expect(res.status, JSON.stringify(empty)).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          message: expect.stringMatching(
            new RegExp(`^messages\\[1\\]\\.content: must not be empty: an? ${role} message`),
          ),
          type: "invalid_request_error",
          param: "messages[1].content",
          code: "empty_content",
        },
      });
    }
    const err = await refusal(
      sdk(key).chat.completions.create({
        model: "test",
        messages: [
          { role: "system", content: "" },
          { role: "user", content: "Hello" },
        ],
      }),
    );
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.error).toMatchObject({ param: "messages[0].content", code: "empty_content" });
    expect(await usageCount(account.id, "text")).toBe(0);
    // A turn that says something still goes through, whatever its role.
    const fine = await v1("/chat/completions", key, {
      body: {
        model: "test",
        messages: [
          { role: "system", content: "Be brief" },
          { role: "user", content: "Hello" },
          { role: "assistant", content: [{ type: "text", text: "Hi" }] },
          { role: "user", content: "Again" },
        ],
      },
    });
    expect(fine.status, await fine.clone().text()).toBe(200);
    expect(await usageCount(account.id, "text")).toBe(1);
  });

  it("names the failing field in each 400's param, and its kind in a code of its own", async () => {
    const account = await accountOnPlan("expert");
    const { key } = await createKey(account.cookie);
    /** The `param` and `code` of a 400 (always of type invalid_request_error, as OpenAI's). */
    const refusalOf = async (body: unknown, path = "/chat/completions", raw?: string) => {
      const res = await exports.default.fetch(
        new Request(`${BASE_URL}${path}`, {
          method: "POST",
          headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
          body: raw ?? JSON.stringify(body),
        }),
      );
      expect(res.status, raw ?? JSON.stringify(body)).toBe(400);
      const { error } = (await res.json()) as { error: { type: string; param: string | null; code: string } };
      expect(error.type).toBe("invalid_request_error");
      return [error.param, error.code];
    };
    const user = (content: unknown) => [{ role: "user", content }];
    const png = `data:image/png;base64,${btoa(String.fromCharCode(...(await pngBytes(4))))}`;
    const picture = (url: string) => [
      { type: "text", text: "What is it?" },
      { type: "image_url", image_url: { url } },
    ];

    expect(await refusalOf(undefined, "/chat/completions", "{ not json")).toEqual([null, "invalid_json"]);
    // The body as a whole has no field to name.
    expect(await refusalOf([])).toEqual([null, "invalid_value"]);
    expect(await refusalOf({ model: "test", messages: "hi" })).toEqual(["messages", "invalid_value"]);
    expect(await refusalOf({ model: "test", messages: [] })).toEqual(["messages", "invalid_value"]);
    expect(await refusalOf({ messages: user("hi") })).toEqual(["model", "invalid_value"]);
    expect(await refusalOf({ model: "test", messages: [{ role: "robot", content: "hi" }] })).toEqual([
      "messages[0].role",
      "invalid_value",
    ]);
    expect(
      await refusalOf({ model: "test", messages: user("hi"), stream_options: { include_usage: 1 } }),
    ).toEqual(["stream_options.include_usage", "invalid_value"]);
    expect(await refusalOf({ model: "test", messages: user("hi"), max_tokens: 1e15 })).toEqual([
      "max_tokens",
      "invalid_value",
    ]);
    expect(await refusalOf({ model: "test", messages: user([{ type: "text" }]) })).toEqual([
      "messages[0].content[0].text",
      "invalid_value",
    ]);
    // Half a surrogate pair is the client's mistake (a 400), not the provider's failure (a 502).
    expect(await refusalOf({ model: "test", messages: user("\ud800") })).toEqual([
      "messages[0].content",
      "invalid_value",
    ]);
    // One answer per request: n > 1 is refused, not answered with one choice.
    expect(await refusalOf({ model: "test", messages: user("hi"), n: 2 })).toEqual(["n", "invalid_value"]);
    const tool = await refusal(
      sdk(key).chat.completions.create({
        model: "test",
        messages: [
          { role: "user", content: "hi" },
          { role: "tool", content: "42", tool_call_id: "call_1" },
        ],
      }),
    );
    // The field as `param` writes it, and what is wrong in words: tools are not offered (the SDK leads with
    // the status).
    expect(tool.message).toBe(
      "400 Invalid request body: messages[1].role: must be system, developer, user or assistant (tool calls are not supported)",
    );
    expect(await refusalOf({ model: "test", messages: user("") })).toEqual([
      "messages[0].content",
      "empty_content",
    ]);
    expect(await refusalOf({ model: "test", messages: user([{ type: "input_audio" }]) })).toEqual([
      "messages[0].content[0].type",
      "unsupported_content",
    ]);
    expect(await refusalOf({ model: "mistral-large", messages: user(picture(png)) })).toEqual([
      "messages[0].content",
      "unsupported_content",
    ]);
    expect(
      await refusalOf({
        model: "gpt-4.1",
        messages: [...user("Look"), { role: "assistant", content: picture(png) }, ...user("Well?")],
      }),
    ).toEqual(["messages[1].content", "unsupported_content"]);
    expect(
      await refusalOf({ model: "gpt-4.1", messages: user(picture("https://example.com/cat.png")) }),
    ).toEqual(["messages[0].content[1].image_url.url", "invalid_image_url"]);
    expect(
      await refusalOf({
        model: "gpt-4.1",
        messages: user(picture(`data:image/png;base64,${btoa("<html>")}`)),
      }),
    ).toEqual(["messages[0].content[1].image_url.url", "invalid_image_format"]);
    expect(
      await refusalOf({ model: "test", messages: [{ role: "system", content: "only a system" }] }),
    ).toEqual(["messages", "missing_user_message"]);
    expect(await refusalOf({ model: "test-image", messages: user("hi") })).toEqual([
      "model",
      "unsupported_model",
    ]);
    expect(await refusalOf({ model: "test-image", prompt: "  " }, "/images/generations")).toEqual([
      "prompt",
      "invalid_value",
    ]);
    expect(await refusalOf({ model: "test", prompt: "A cat" }, "/images/generations")).toEqual([
      "model",
      "unsupported_model",
    ]);
    expect(await usageCount(account.id, "text")).toBe(0);
    expect(await usageCount(account.id, "image")).toBe(0);
  });

  it("stops a revoked key at once with 401", async () => {
    const account = await accountOnPlan("starter");
    const { id, key } = await createKey(account.cookie);
    expect((await sdk(key).models.list()).data.length).toBeGreaterThan(0);
    const revoked = await api("/api/keys/revoke", { cookie: account.cookie, body: { id } });
    expect(revoked.status).toBe(200);
    const err = await refusal(sdk(key).models.list());
    expect(err.status).toBe(401);
    expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(err.error).toMatchObject({ type: "authentication_error", code: "invalid_api_key" });
    expect((await listKeys(account.cookie)).keys).toEqual([]);
  });

  it("checks the key of a completion or an image in its quota statement: 401 first, nothing counted", async () => {
    const account = await accountOnPlan("starter");
    const { id, key } = await createKey(account.cookie);
    const hi = { model: "test", messages: [{ role: "user", content: "hi" }] };
    expect((await v1("/chat/completions", key, { body: hi })).status).toBe(200);
    expect(await usageCount(account.id, "text")).toBe(1);
    expect((await api("/api/keys/revoke", { cookie: account.cookie, body: { id } })).status).toBe(200);
    // A key never made, shaped like one of ours.
    const unknown = `${key.slice(0, -6)}AAAAAA`;
    const calls: [string, string, unknown][] = [
      [key, "/chat/completions", hi],
      [key, "/images/generations", { model: "test-image", prompt: "A cat" }],
      [unknown, "/chat/completions", hi],
      // What the route refuses before its statement is still a 401 for a bad key, as when the key came first.
      [key, "/chat/completions", { model: "test", messages: "hi" }],
      [key, "/chat/completions", { ...hi, model: "no-such-model" }],
      [unknown, "/images/generations", { model: "test", prompt: "A cat" }],
    ];
    for (const [bearer, path, body] of calls) {
      const res = await v1(path, bearer, { body });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_api_key");
    }
    expect(await usageCount(account.id, "text")).toBe(1);
    expect(await usageCount(account.id, "image")).toBe(0);
  });

  it("takes the key alone: no cookie needed, no Origin check, and no key means 401", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createKey(account.cookie);
    const crossSite = await v1("/chat/completions", key, {
      body: { model: "test", messages: [{ role: "user", content: "hi" }] },
      headers: { Origin: "https://elsewhere.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(200);
    // A session cookie is no key.
    const cookieOnly = await exports.default.fetch(
      new Request(`${BASE_URL}/models`, { headers: { Cookie: account.cookie } }),
    );
    expect(cookieOnly.status).toBe(401);
    expect(await cookieOnly.json()).toEqual({
      error: {
        message: expect.any(String),
        type: "authentication_error",
        param: null,
        code: "invalid_api_key",
      },
    });
    const notFound = await v1("/nothing-here", key);
    expect(notFound.status).toBe(404);
    expect(((await notFound.json()) as { error: { type: string } }).error.type).toBe("not_found_error");
    const invalid = await v1("/chat/completions", key, { body: { model: "test", messages: "hi" } });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { type: string } }).error.type).toBe("invalid_request_error");
  });

  it("never shows a key in a response or a log after its creation", async () => {
    const account = await accountOnPlan("starter");
    const { id, key } = await createKey(account.cookie);
    const lines: string[] = [];
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(" "));
      });
    }
    const tag = uniqueTag("api-failing");
    await scriptUpstream("openai", "server_error", tag);
    const answers = [
      await api("/api/keys", { cookie: account.cookie }),
      await v1("/models", key),
      await v1("/chat/completions", key, {
        body: { model: "test", messages: [{ role: "user", content: "hi" }] },
      }),
      await v1("/chat/completions", key, {
        body: { model: "gpt-4.1", messages: [{ role: "user", content: tag }] },
      }),
      await v1("/chat/completions", key, { body: { model: "nope", messages: [] } }),
      await v1("/models", `${key.slice(0, -1)}x`),
      await api("/api/keys/revoke", { cookie: account.cookie, body: { id } }),
      await v1("/models", key),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 502, 400, 401, 200, 401]);
    const secret = key.slice(3);
    for (const res of answers) {
      expect(await res.text()).not.toContain(secret);
      expect([...res.headers.values()].join(" ")).not.toContain(secret);
    }
    // The upstream failure was logged (so the logs were watched), without the key.
    expect(lines.some((line) => line.includes("gpt-4.1: provider_unavailable"))).toBe(true);
    expect(lines.join("\n")).not.toContain(secret);
    const logged = await withDb((db) => db.select().from(log));
    expect(JSON.stringify(logged)).not.toContain(secret);
    await scriptUpstream("openai", "normal", tag);
  });
});
