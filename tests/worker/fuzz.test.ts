// Every route of the app, with every kind of bad input, signed in and anonymously: never a 500, and every
// refusal says what was wrong. Routes come from the Hono app itself, so a new route is fuzzed as it lands.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashPassword, LOW_SCRYPT_PARAMS } from "../../src/auth/password";
import { isKeyApiPath } from "../../src/domain/api-access";
import { isErrorCode } from "../../src/domain/error-codes";
import app from "../../src/index";
import {
  createAccount,
  ORIGIN,
  subscribe,
  TEST_PASSWORD,
  type TestAccount,
  uniqueIp,
} from "./support/accounts";

interface Route {
  method: string;
  path: string;
}

/** Every route the app serves (middleware is registered as ALL and is not a route). */
const ROUTES: Route[] = [
  ...new Map(
    app.routes
      .filter((r) => r.method !== "ALL")
      .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
  ).values(),
];

/** Every field name the API reads, so "wrong types" reaches each schema's fields. */
const FIELDS = [
  "email",
  "password",
  "currentPassword",
  "newPassword",
  "code",
  "id",
  "chatId",
  "messageId",
  "assistantId",
  "assistant",
  "content",
  "model",
  "title",
  "limit",
  "offset",
  "lang",
  "modelsConfiguration",
  "assistantsConfiguration",
  "message",
  "plan",
  "yearly",
  "seats",
  "promocode",
  "cancelPath",
  "successPath",
  "query",
  "months",
];

const everyField = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));

const allFields = (label: string, value: unknown): Body => ({
  ...json(label, everyField(value)),
  allFields: true,
});

/** Ids and path segments that are wrong in every way we know. */
const BAD_SEGMENTS = [
  "abc",
  "-1",
  "0",
  "1.5",
  "1e3",
  "99999999999999999999",
  "9007199254740993",
  "%",
  "%E0%A4%A",
  "%00",
  "%2e%2e",
  "x".repeat(5_000),
];

const BAD_PATHS = [
  "/api/%",
  "/api/%E0%A4%A",
  "/api//login",
  "/api/login/%2e%2e/user",
  "/api/chat/1/../../login/user",
  `/api/${"a".repeat(10_000)}`,
  "/api/chat/%ZZ/stream",
];

const BAD_QUERIES = [
  "?limit=abc&before=-1",
  "?limit=1e999&before=1.5",
  "?limit=0&before=99999999999999999999",
  "?email=%",
  "?email=not-an-email&redirect=%E0%A4%A",
  "?lastEventId=abc&redirect=https://evil.example",
  `?email=${"a".repeat(20_000)}`,
  "?code=%&state=%&error=%",
];

interface Body {
  label: string;
  body?: string;
  type?: string;
  /** Every field of FIELDS is in the body: no answer may call one of them missing. */
  allFields?: boolean;
}

const json = (label: string, value: unknown): Body => ({
  label,
  body: JSON.stringify(value),
  type: "application/json",
});

const BAD_BODIES: Body[] = [
  { label: "no body" },
  { label: "malformed JSON", body: '{"email": "a@example.test",', type: "application/json" },
  { label: "JSON as text/plain", body: JSON.stringify({ email: "a@example.test" }), type: "text/plain" },
  {
    label: "form-encoded",
    body: "email=a%40example.test&password=x",
    type: "application/x-www-form-urlencoded",
  },
  json("an array", []),
  json("null", null),
  json("a string", "text"),
  json("a number", 42),
  json("empty object", {}),
  allFields("numbers everywhere", 123),
  allFields("negative numbers", -1),
  allFields("fractions", 1.5),
  allFields("huge numbers", 1e308),
  allFields("digit strings too long", "99999999999999999999"),
  allFields("strings everywhere", "abc"),
  allFields("nulls", null),
  allFields("booleans", true),
  allFields("arrays", [1, "a", null]),
  allFields("objects", { nested: { deeper: [1] } }),
  allFields("long strings", "x".repeat(35_000)),
  json("a 1 MB string", { email: "x".repeat(1_000_001) }),
  json("unknown fields", { unknownField: 1, constructor: { prototype: 1 }, __proto__: { admin: true } }),
];

/** Messages that say nothing about what was wrong. */
const VAGUE = /^(invalid input|bad request|invalid|error)\.?$/i;

interface Case {
  label: string;
  method: string;
  path: string;
  body?: Body;
}

function concrete(path: string, segment: string): string {
  return path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, segment).replace(/\*/g, segment);
}

function casesFor(route: Route, full: boolean): Case[] {
  const hasBody = !["GET", "HEAD", "OPTIONS"].includes(route.method);
  const base = concrete(route.path, "1");
  const cases: Case[] = [];
  const add = (label: string, path: string, body?: Body) =>
    cases.push({ label, method: route.method, path, body });
  add("plain", base, hasBody ? BAD_BODIES[8] : undefined);
  if (!full) return cases;
  if (/[:*]/.test(route.path))
    for (const segment of BAD_SEGMENTS) add(`segment ${segment.slice(0, 20)}`, concrete(route.path, segment));
  if (hasBody) for (const body of BAD_BODIES) add(body.label, base, body);
  else for (const query of BAD_QUERIES) add(`query ${query.slice(0, 30)}`, `${base}${query}`);
  return cases;
}

async function send(c: Case, cookie: string | undefined, apiKey?: string): Promise<Response> {
  const headers: Record<string, string> = { "CF-Connecting-IP": uniqueIp() };
  if (cookie) headers.Cookie = cookie;
  if (apiKey) headers.Authorization = `Bearer ${apiKey}`;
  if (c.body?.type) headers["Content-Type"] = c.body.type;
  if (c.method !== "GET") headers.Origin = ORIGIN;
  return exports.default.fetch(
    new Request(`${ORIGIN}${c.path}`, { method: c.method, headers, body: c.body?.body, redirect: "manual" }),
  );
}

const JSON_TYPE = /^application\/json/;

const OPENAI_ERROR_TYPES = new Set([
  "invalid_request_error",
  "authentication_error",
  "permission_error",
  "not_found_error",
  "rate_limit_error",
  "insufficient_quota",
  "api_error",
]);

/** What is wrong with an answer, or null when it is fine. */
async function problemOf(res: Response, c: Case): Promise<string | null> {
  // 503 is a deliberate "not available here" (payments without Stripe keys), never a crash.
  if (res.status >= 500 && res.status !== 503) return `${res.status}: ${(await res.text()).slice(0, 300)}`;
  if (res.status < 400) {
    await res.body?.cancel();
    return null;
  }
  const text = await res.text();
  // The shared page is a document, not the API: its refusals are pages that say so.
  if (c.path.startsWith("/shared/") && (res.headers.get("Content-Type") ?? "").startsWith("text/html")) {
    return text.includes("This conversation is not available")
      ? null
      : `${res.status} page: ${text.slice(0, 200)}`;
  }
  let body: { error?: { code?: unknown; message?: unknown; details?: unknown; type?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    return `${res.status} is not JSON: ${text.slice(0, 200)}`;
  }
  const error = body.error;
  if (isKeyApiPath(c.path.split("?")[0] ?? "")) {
    // The public API answers in OpenAI's shape, which its clients read.
    if (!error || typeof error.type !== "string" || !OPENAI_ERROR_TYPES.has(error.type))
      return `${res.status} without OpenAI's error type: ${text.slice(0, 200)}`;
    if (
      typeof error.message !== "string" ||
      error.message.trim().length < 8 ||
      VAGUE.test(error.message.trim())
    )
      return `${res.status} ${error.type} says too little: ${JSON.stringify(error.message)}`;
    if (res.status === 429 && !res.headers.get("Retry-After")) return "429 without Retry-After";
    return null;
  }
  if (!error || !isErrorCode(error.code))
    return `${res.status} without a known error code: ${text.slice(0, 200)}`;
  if (
    typeof error.message !== "string" ||
    error.message.trim().length < 8 ||
    VAGUE.test(error.message.trim())
  ) {
    return `${res.status} ${error.code} says too little: ${JSON.stringify(error.message)}`;
  }
  if (error.code === "invalid_input") {
    // A body that was not sent as JSON was never read: field errors would blame the wrong thing.
    if (c.body && !JSON_TYPE.test(c.body.type ?? "")) {
      return `a "${c.body.label}" body judged as if it were JSON: ${text.slice(0, 200)}`;
    }
    if (!Array.isArray(error.details) || error.details.length === 0)
      return `invalid_input without details: ${text}`;
    for (const detail of error.details as { path?: unknown; message?: unknown }[]) {
      if (
        typeof detail.path !== "string" ||
        typeof detail.message !== "string" ||
        VAGUE.test(detail.message)
      ) {
        return `invalid_input detail says too little: ${JSON.stringify(detail)}`;
      }
      if (c.body?.allFields && FIELDS.includes(detail.path) && /required/i.test(detail.message)) {
        return `a field that was sent is called missing: ${JSON.stringify(detail)}`;
      }
    }
  }
  if (res.status === 429 && !res.headers.get("Retry-After")) return "429 without Retry-After";
  return null;
}

/** A key of the account's, made as a subscriber makes one (keys come with a plan). */
async function createApiKeyFor(account: TestAccount): Promise<string> {
  await subscribe(account.id, { amount: 1000 });
  const res = await exports.default.fetch(
    new Request(`${ORIGIN}/api/keys/create`, {
      method: "POST",
      headers: {
        Cookie: account.cookie,
        Origin: ORIGIN,
        "Content-Type": "application/json",
        "CF-Connecting-IP": uniqueIp(),
      },
      body: JSON.stringify({ name: "fuzz" }),
    }),
  );
  if (res.status !== 201) throw new Error(`no API key for the fuzz: ${res.status}`);
  return ((await res.json()) as { key: string }).key;
}

/** Runs `tasks` a few at a time (the local Postgres is one session: more would only queue). */
async function pool<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await run(items[next++] as T);
    }),
  );
}

async function fuzz(as: "anonymous" | "signed-in"): Promise<string[]> {
  const hashedPassword = await hashPassword(TEST_PASSWORD, LOW_SCRYPT_PARAMS);
  const problems: string[] = [];
  const work: { route: Route; cases: Case[] }[] = [];
  for (const route of ROUTES) work.push({ route, cases: casesFor(route, true) });
  if (as === "signed-in") {
    work.push({ route: { method: "GET", path: "(malformed paths)" }, cases: [] });
  }
  const malformed: Case[] = BAD_PATHS.flatMap((path) => [
    { label: "malformed path", method: "GET", path },
    { label: "malformed path", method: "POST", path, body: BAD_BODIES[8] },
  ]);
  await pool(work, 4, async ({ route, cases }) => {
    // Each route gets its own account: sign-out or a throttle on one route must not change another's answers.
    const account: TestAccount | null = as === "signed-in" ? await createAccount({ hashedPassword }) : null;
    // The public API takes a key instead of the session: signed in, the fuzz sends one of the account's.
    const apiKey = account && isKeyApiPath(route.path) ? await createApiKeyFor(account) : undefined;
    const all = route.path === "(malformed paths)" ? malformed : cases;
    for (const c of all) {
      const problem = await problemOf(await send(c, account?.cookie, apiKey), c);
      if (problem) problems.push(`${as} ${c.method} ${c.path.slice(0, 80)} [${c.label}] → ${problem}`);
    }
  });
  return problems;
}

describe("fuzzing every route", () => {
  it("finds the app's routes", () => {
    const names = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(names).toContain("POST /api/login/signup");
    expect(names).toContain("GET /api/chat/:chatId");
    expect(names).toContain("GET /api/files/*");
    expect(names).toContain("POST /api/v1/chat/completions");
    expect(ROUTES.length).toBeGreaterThan(30);
  });

  it.each(["signed-in", "anonymous"] as const)(
    "%s: no 500, and every 4xx says what was wrong",
    async (as) => {
      expect(await fuzz(as)).toEqual([]);
    },
    120_000,
  );
});
