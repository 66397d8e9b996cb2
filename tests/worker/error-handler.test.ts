// The shared onError and validator map zod failures, AppErrors and unexpected throws the same way everywhere.
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError, tooManyRequests } from "../../src/errors";
import { onError, onNotFound } from "../../src/middleware/error-handler";
import { validate } from "../../src/middleware/validate";

const app = new Hono()
  .post(
    "/items",
    validate("json", z.object({ title: z.string().min(1).max(10), count: z.number().int() })),
    (c) => c.json({ ok: true, item: c.req.valid("json") }),
  )
  .get("/busy", () => {
    throw tooManyRequests(42);
  })
  .get("/paid", () => {
    throw new AppError(402, "subscription_required", "Choose a plan to continue.");
  })
  .get("/boom", () => {
    throw new Error("secret internal detail at /src/db/queries.ts:12");
  });
app.onError(onError);
app.notFound(onNotFound);

const post = (body: string) =>
  app.request("/items", { method: "POST", headers: { "Content-Type": "application/json" }, body });

describe("onError", () => {
  it("400 names every invalid field", async () => {
    const res = await post(JSON.stringify({ title: "", count: 1.5 }));
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as {
      error: { code: string; message: string; details: { path: string }[] };
    };
    expect(error.code).toBe("invalid_input");
    expect(error.details.map((d) => d.path).sort()).toEqual(["count", "title"]);
    expect(error.message).toContain("title");
  });

  it("400 for malformed JSON", async () => {
    const res = await post("{not json");
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string } };
    expect(error.code).toBe("bad_request");
  });

  it("passes valid input through", async () => {
    const res = await post(JSON.stringify({ title: "ok", count: 2 }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, item: { title: "ok", count: 2 } });
  });

  it("429 with Retry-After", async () => {
    const res = await app.request("/busy");
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("42");
  });

  it("keeps an AppError's status and code", async () => {
    const res = await app.request("/paid");
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({
      error: { code: "subscription_required", message: "Choose a plan to continue." },
    });
  });

  it("500 without the stack or the message of an unexpected error, and logs it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await app.request("/boom");
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("secret internal detail");
    expect(text).not.toContain("queries.ts");
    expect(JSON.parse(text).error.code).toBe("internal_error");
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("404 JSON for an unknown route", async () => {
    const res = await app.request("/nope");
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });
});
