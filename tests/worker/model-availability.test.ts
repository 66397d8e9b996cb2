// What a deployment offers: without a key a provider's models are hidden and refused, the test models only with
// ENABLE_TEST_MODELS, and DEMO_PROVIDERS tells the client which answers come from local stand-ins.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../src/index";
import { api, json, ORIGIN } from "./support/api";
import { accountOnPlan } from "./support/plans";

type Vars = Record<string, unknown>;

/** The tests' Worker env (every provider on a local server, test models on) with some variables changed. */
function envWith(changes: Vars, drop: (name: string) => boolean = () => false): Vars {
  const copy: Vars = {};
  for (const [name, value] of Object.entries(env)) if (!drop(name)) copy[name] = value;
  return { ...copy, ...changes };
}

/** A production-like deployment: keys for OpenAI and Anthropic only, no test models, no demo providers. */
const production = () =>
  envWith(
    {},
    (name) =>
      (name.endsWith("_API_KEY") && !["OPENAI_API_KEY", "ANTHROPIC_API_KEY"].includes(name)) ||
      name === "ENABLE_TEST_MODELS" ||
      name === "DEMO_PROVIDERS",
  );

/** Calls the app as `api` does, but with its own variables. */
function callWith(vars: Vars, path: string, init: { cookie: string; body?: unknown }) {
  const headers = new Headers({ Cookie: init.cookie });
  if (init.body !== undefined) {
    headers.set("Content-Type", "application/json");
    headers.set("Origin", ORIGIN);
  }
  const request = new Request(`${ORIGIN}${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return app.fetch(request, vars, createExecutionContext());
}

interface UserModels {
  models: { available: string[]; demoProviders: string[] };
}
type ErrorBody = { error: { code: string; message: string; details?: { path: string }[] } };

describe("a deployment without some keys", () => {
  it("leaves their models and the test models out of what the client may offer", async () => {
    const account = await accountOnPlan("expert");
    const res = await callWith(production(), "/api/login/user", { cookie: account.cookie });
    expect(res.status).toBe(200);
    const { models } = await json<UserModels>(res);
    expect(models.available).toContain("gpt-5");
    expect(models.available).toContain("claude-sonnet-4-5");
    expect(models.available).not.toContain("mistral-large");
    expect(models.available).not.toContain("flux-schnell");
    expect(models.available.filter((key) => key.startsWith("test"))).toEqual([]);
    expect(models.demoProviders).toEqual([]);
  });

  it.each([
    ["a provider without a key", "mistral-large", "Mistral Large"],
    ["the test model", "test", "Test"],
    ["the test image model", "test-image", "Test Image"],
  ])("refuses %s with 400 model_unavailable, leaving no chat behind", async (_what, model, label) => {
    const account = await accountOnPlan("expert");
    const res = await callWith(production(), "/api/chat/new", {
      cookie: account.cookie,
      body: { assistantId: "default", model, content: "Hello" },
    });
    expect(res.status).toBe(400);
    const { error } = await json<ErrorBody>(res);
    expect(error.code).toBe("model_unavailable");
    expect(error.message).toBe(`${label} is not available here.`);
    expect(error.details?.[0]?.path).toBe("model");
    const list = await api("/api/assistants/chats", {
      cookie: account.cookie,
      body: { assistantId: "default" },
    });
    expect((await json<{ chats: unknown[] }>(list)).chats).toEqual([]);
  });

  it("still tells an unknown model from an unavailable one", async () => {
    const account = await accountOnPlan("expert");
    const res = await callWith(production(), "/api/chat/new", {
      cookie: account.cookie,
      body: { assistantId: "default", model: "gpt-99", content: "Hello" },
    });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).error.code).toBe("bad_request");
  });

  it("refuses to go on in a chat whose model it no longer offers, and accepts one it does", async () => {
    const account = await accountOnPlan("expert");
    const created = await api("/api/chat/new", {
      cookie: account.cookie,
      body: { assistantId: "default", model: "test", content: "[[hang]] Hello" },
    });
    expect(created.status).toBe(201);
    const { chat } = await json<{ chat: { id: number } }>(created);
    await api("/api/chat/stop", { cookie: account.cookie, body: { chatId: chat.id } });
    const refused = await callWith(production(), "/api/chat/send", {
      cookie: account.cookie,
      body: { chatId: chat.id, content: "Again" },
    });
    expect(refused.status).toBe(400);
    expect((await json<ErrorBody>(refused)).error.code).toBe("model_unavailable");
    const accepted = await callWith(production(), "/api/chat/regenerate", {
      cookie: account.cookie,
      body: { chatId: chat.id, model: "claude-haiku-4-5" },
    });
    expect(accepted.status, await accepted.clone().text()).toBe(201);
    await api("/api/chat/stop", { cookie: account.cookie, body: { chatId: chat.id } });
  });
});

describe("development and tests", () => {
  it("offer the test models with ENABLE_TEST_MODELS=1 (the tests' own setting)", async () => {
    const account = await accountOnPlan("starter");
    const { models } = await json<UserModels>(await api("/api/login/user", { cookie: account.cookie }));
    expect(models.available).toEqual(expect.arrayContaining(["test", "test-image", "test-light", "gpt-5"]));
  });

  it("name the providers played by local stand-ins, so the client tags their answers", async () => {
    const account = await accountOnPlan("starter");
    const vars = envWith({ DEMO_PROVIDERS: "anthropic,openai,nobody" });
    const res = await callWith(vars, "/api/login/user", { cookie: account.cookie });
    expect((await json<UserModels>(res)).models.demoProviders).toEqual(["openai", "anthropic"]);
  });
});
