// The data export's reads (src/db/chat-export.ts) against a real Postgres (PGlite): one user's chats, messages
// and files, read together rather than one after another (DESIGN §6, round trips).
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as s from "../../drizzle/schema";
import { migratePglite } from "../../scripts/db/migrate";
import { exportChats } from "../../src/db/chat-export";
import type { Database } from "../../src/db/client";

let client: PGlite;
/** The most statements the database had been handed and not yet answered, at any moment. */
let mostAtOnce = 0;

beforeAll(async () => {
  client = new PGlite({ extensions: { vector, pg_trgm } });
  await migratePglite(client);
  // Counts statements in flight on the real client (drizzle's PGlite session sends each through `query`).
  const query = client.query.bind(client);
  let inFlight = 0;
  client.query = (async (...args: Parameters<typeof query>) => {
    mostAtOnce = Math.max(mostAtOnce, ++inFlight);
    try {
      return await query(...args);
    } finally {
      inFlight--;
    }
  }) as typeof client.query;
});
afterAll(async () => {
  await client?.close();
});

// The app's queries are written for the Neon driver's drizzle; the PGlite one runs the same SQL.
const db = () => drizzle({ client, schema: s }) as unknown as Database;

async function furnish(email: string, word: string) {
  const [owner] = await db().insert(s.user).values({ email }).returning();
  if (!owner) throw new Error("no user");
  const [helper] = await db()
    .insert(s.assistant)
    .values({ userId: owner.id, label: `Helper ${word}` })
    .returning();
  const [row] = await db()
    .insert(s.chat)
    .values({ user: owner.id, assistantId: helper?.id, model: "gpt-4.1", title: `About ${word}` })
    .returning();
  if (!row) throw new Error("no chat");
  const [question, answer] = await db()
    .insert(s.message)
    .values([
      { chat: row.id, content: `Tell me about ${word}`, metadata: { role: "user" } },
      {
        chat: row.id,
        content: `${word} are fruit.`,
        model: "gpt-4.1",
        metadata: {
          role: "assistant",
          done: true,
          outcome: "complete",
          images: [{ url: `/api/files/generated/${owner.id}/${row.id}/1/a.png`, mimeType: "image/png" }],
        },
      },
    ])
    .returning();
  await db()
    .insert(s.attachment)
    .values({
      userId: owner.id,
      messageId: question?.id,
      name: `${word}.txt`,
      type: "text/plain",
      content: { location: `attachments/${owner.id}/${word}.txt` },
    });
  return { owner, chat: row, question, answer };
}

it("reads the chats, their messages and their files in parallel, and only the user's", async () => {
  const mine = await furnish("reader@example.com", "apples");
  await furnish("other@example.com", "secrets");
  mostAtOnce = 0;
  const { chats, sources } = await exportChats(db(), { userId: mine.owner.id });
  // All three reads were handed to the database before the first answer came back.
  expect(mostAtOnce).toBe(3);

  expect(chats).toEqual([
    {
      id: mine.chat.id,
      title: "About apples",
      model: "gpt-4.1",
      assistant: "Helper apples",
      createdAt: mine.chat.createdAt.toISOString(),
      updatedAt: mine.chat.updatedAt.toISOString(),
      messages: [
        expect.objectContaining({
          id: mine.question?.id,
          role: "user",
          content: "Tell me about apples",
          outcome: null,
          images: [],
          attachments: [expect.objectContaining({ name: "apples.txt", type: "text/plain", omitted: null })],
        }),
        expect.objectContaining({
          id: mine.answer?.id,
          role: "assistant",
          content: "apples are fruit.",
          outcome: "complete",
          images: [expect.objectContaining({ type: "image/png", omitted: null })],
          attachments: [],
        }),
      ],
    },
  ]);
  expect(sources.map((source) => source.key).sort()).toEqual(
    [`attachments/${mine.owner.id}/apples.txt`, `generated/${mine.owner.id}/${mine.chat.id}/1/a.png`].sort(),
  );
  expect(JSON.stringify({ chats, sources })).not.toContain("secrets");
});
