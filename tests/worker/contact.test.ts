// POST /api/contact: public, stored in the log table, length-limited and throttled per IP.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { log } from "../../drizzle/schema";
import { call, errorOf, uniqueEmail, uniqueIp, withDb } from "./support/accounts";

describe("POST /api/contact", () => {
  it("stores the message with the sender's email", async () => {
    const email = uniqueEmail("contact");
    const res = await call("/api/contact", {
      body: { email, message: "  Hello, I need help.  " },
      ip: uniqueIp(),
    });
    expect(res.status).toBe(201);
    const rows = await withDb((db) => db.select().from(log).where(eq(log.email, email)));
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.content ?? "{}")).toMatchObject({
      kind: "contact",
      message: "Hello, I need help.",
    });
  });

  it("allows 5 messages an hour from one IP, then 429 with Retry-After", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      expect(
        (await call("/api/contact", { body: { email: uniqueEmail(), message: `n°${i}` }, ip })).status,
      ).toBe(201);
    }
    const blocked = await call("/api/contact", { body: { email: uniqueEmail(), message: "one more" }, ip });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(
      (await call("/api/contact", { body: { email: uniqueEmail(), message: "elsewhere" }, ip: uniqueIp() }))
        .status,
    ).toBe(201);
  });

  it.each([
    ["an empty message", { email: "a@example.test", message: "   " }, "message", "required"],
    [
      "a message over 5000 characters",
      { email: "a@example.test", message: "x".repeat(5001) },
      "message",
      "at most 5000",
    ],
    ["an invalid email", { email: "a@", message: "hi" }, "email", "not a valid address"],
  ])("400 for %s", async (_label, body, field, reason) => {
    const res = await call("/api/contact", { body, ip: uniqueIp() });
    expect(res.status).toBe(400);
    const details = (await errorOf(res)).details as { path: string; message: string }[];
    expect(details.find((d) => d.path === field)?.message).toContain(reason);
  });
});
