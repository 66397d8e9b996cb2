// A document is read once per file: the same bytes attached again take the first copy's passages (no second
// embedding call), and a read that fails part-way stores nothing, so the next question reads it whole.
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { embedding } from "../../drizzle/schema";
import { ingestDocument } from "../../src/documents/ingest";
import { DocumentError } from "../../src/documents/problem";
import { providerConfigFromEnv } from "../../src/providers/config";
import { withDb } from "./support/accounts";
import { accountOnPlan } from "./support/plans";
import { text, upload } from "./support/uploads";
import { scriptUpstream, uniqueTag, upstreamRequests } from "./support/upstreams";

const config = () => providerConfigFromEnv(env);

/** How many passages an attachment has stored, and under which names. */
const stored = (userId: number, attachmentId: string) =>
  withDb(async (db) => {
    const rows = await db
      .select({
        name: sql<string>`${embedding.metadata}->>'name'`,
        id: sql<string>`${embedding.metadata}->>'attachmentId'`,
      })
      .from(embedding)
      .where(and(eq(embedding.userId, userId), eq(embedding.attachmentId, attachmentId)));
    return {
      count: rows.length,
      names: [...new Set(rows.map((r) => r.name))],
      ids: [...new Set(rows.map((r) => r.id))],
    };
  });

/** A long text: `sections` sections of a few sentences, `tag` in the last one only. */
function longText(sections: number, tag: string) {
  const parts: string[] = [];
  for (let i = 1; i <= sections; i++) {
    const words = i === sections ? tag : `topic ${i}`;
    parts.push(
      `# Section ${i}\n\n${`This section is about ${words}, with sentences long enough to make a passage of its own. `.repeat(12)}`,
    );
  }
  return text(parts.join("\n\n"));
}

describe("a file read before", () => {
  it("gives a second copy its passages without asking the embeddings service again", async () => {
    const account = await accountOnPlan("starter");
    const tag = uniqueTag("reuse");
    const bytes = text(`# Manual\n\nThe spare key (${tag}) is under the mat by the blue door.`);
    const first = await upload(account.cookie, { name: "manual.md", bytes });
    const second = await upload(account.cookie, { name: "copy of manual.md", bytes });
    await withDb((db) =>
      ingestDocument(db, config(), { userId: account.id, attachment: first, bytes: new Uint8Array(bytes) }),
    );
    const asked = (await upstreamRequests(tag, { provider: "openai" })).length;
    const result = await withDb((db) =>
      ingestDocument(db, config(), { userId: account.id, attachment: second, bytes: new Uint8Array(bytes) }),
    );
    const [a, b] = [await stored(account.id, first.id), await stored(account.id, second.id)];
    expect(b.count).toBe(a.count);
    expect(result.passages).toBe(a.count);
    // Its passages are its own: its id and its name, for the answer's sources.
    expect(b).toMatchObject({ names: ["copy of manual.md"], ids: [second.id] });
    expect((await upstreamRequests(tag, { provider: "openai" })).length).toBe(asked);

    // Another user's copy of the same bytes is read for them: passages never cross accounts.
    const other = await accountOnPlan("starter");
    const theirs = await upload(other.cookie, { name: "manual.md", bytes });
    await withDb((db) =>
      ingestDocument(db, config(), { userId: other.id, attachment: theirs, bytes: new Uint8Array(bytes) }),
    );
    expect((await upstreamRequests(tag, { provider: "openai", min: asked + 1 })).length).toBe(asked + 1);
  });

  it("that failed part-way is taken back whole, and read whole the next time", async () => {
    const account = await accountOnPlan("starter");
    const tag = uniqueTag("late-batch");
    const bytes = longText(90, tag);
    const doc = await upload(account.cookie, { name: "long.md", bytes });
    // The embeddings service fails on the batch that carries the last section only: earlier batches are stored.
    await scriptUpstream("openai", "server_error", tag);
    const failed = await withDb((db) =>
      ingestDocument(db, config(), {
        userId: account.id,
        attachment: doc,
        bytes: new Uint8Array(bytes),
      }).then(
        () => "read",
        (error: unknown) => (error instanceof DocumentError ? error.problem : String(error)),
      ),
    );
    expect(failed).toBe("document_unprocessable");
    expect((await stored(account.id, doc.id)).count).toBe(0);

    await scriptUpstream("openai", "normal", tag);
    const read = await withDb((db) =>
      ingestDocument(db, config(), { userId: account.id, attachment: doc, bytes: new Uint8Array(bytes) }),
    );
    // More than one batch of passages (DOCUMENT_LIMITS.embeddingBatch), all of them stored.
    expect(read.passages).toBeGreaterThan(64);
    expect((await stored(account.id, doc.id)).count).toBe(read.passages);
  });
});
