// Data migrations, each run the way a deployed database meets it: migrations applied up to the one before,
// rows of the old shape written, then the rest applied (PGlite with pgvector, drizzle's own migrator).
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { asc, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../drizzle/schema";
import { migratePglite } from "../../scripts/db/migrate";
import { shareableMetadata } from "../../src/domain/chat/sharing";
import { migrateUntil } from "./support/migrate-until";

const FORKS_MIGRATION = "0016_forks-keep-shareable-metadata";
const ICONS_MIGRATION = "0017_assistant-offered-icons";
const POOL_MIGRATION = "0020_usage-pool";

let client: PGlite;
const db = () => drizzle({ client, schema: s });

let emails = 0;
async function newUser() {
  const [row] = await db()
    .insert(s.user)
    .values({ email: `user${++emails}@example.com` })
    .returning();
  if (!row) throw new Error("user insert returned nothing");
  return row;
}

async function newChat(values: s.NewChatRow) {
  const [row] = await db().insert(s.chat).values(values).returning();
  if (!row) throw new Error("chat insert returned nothing");
  return row;
}

async function newMessages(
  chatId: number,
  rows: { content: string; metadata: Record<string, unknown>; createdAt: Date }[],
) {
  const inserted = await db()
    .insert(s.message)
    .values(rows.map((row) => ({ ...row, chat: chatId, model: "gpt-4.1" })))
    .returning();
  return inserted.sort((a, b) => a.id - b.id);
}

const metadataOf = async (ids: number[]) => {
  const rows = await db()
    .select({ id: s.message.id, metadata: s.message.metadata })
    .from(s.message)
    .where(inArray(s.message.id, ids))
    .orderBy(asc(s.message.id));
  return rows.map((row) => row.metadata);
};

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes));

/** An answer's metadata with everything a generation may leave in it, private parts included. */
function fullAnswer(pictureOwnerId: number, otherUserId: number): Record<string, unknown> {
  return {
    role: "assistant",
    done: true,
    outcome: "complete",
    generationId: "gen-7f3a",
    reasoning: "Thinking about the quarterly figures…",
    usage: { inputTokens: 812, outputTokens: 230 },
    documents: {
      status: "completed",
      sources: [
        { attachmentId: "3b2c0d4e-aaaa-4bbb-8ccc-111122223333", name: "salaries-2026.xlsx", pages: [2, 5] },
      ],
    },
    search: {
      status: "completed",
      sources: [
        { url: "https://example.com/a", title: "A", snippet: "private excerpt" },
        { url: "https://example.com/b" },
      ],
      query: "internal query",
    },
    error: { code: "provider_unavailable", provider: "openai", retryAfter: 30, detail: "upstream said no" },
    images: [
      {
        url: `/api/files/generated/${pictureOwnerId}/41/97/grid.png`,
        mimeType: "image/png",
        choices: [{ label: "U1", taskId: "mj-task-secret", customId: "MJ::JOB::upsample::1" }],
      },
      { url: `/api/files/generated/${otherUserId}/9/9/theirs.png`, mimeType: "image/png" },
      { url: "https://elsewhere.example/remote.png", mimeType: "image/png" },
      { url: `/api/files/generated/${pictureOwnerId}/../${otherUserId}/x.png`, mimeType: "image/png" },
    ],
  };
}

/**
 * Before 0016: an owner's shared chat; a fork of it by another user, whole, with the forker's own next
 * exchange; the forker's branch of that fork; the owner's branch of their own chat; a fork whose source is gone.
 */
async function seedForks() {
  const [owner, forker] = [await newUser(), await newUser()];
  const shared = await newChat({ user: owner.id, model: "gpt-4.1", publicId: crypto.randomUUID() });
  const ownerAnswer = fullAnswer(owner.id, forker.id);
  const sources = await newMessages(shared.id, [
    { content: "What do the files say?", metadata: { role: "user" }, createdAt: at(0) },
    { content: "They say…", metadata: ownerAnswer, createdAt: at(1) },
  ]);
  const sourceIds = sources.map((m) => m.id);

  // The old fork copied each message whole (its pictures already under the forker's keys); a copy keeps its
  // source's time. Then the forker asked on, with documents of their own.
  const fork = await newChat({
    user: forker.id,
    model: "gpt-4.1",
    forkedMessagesIds: sourceIds,
    createdAt: at(10),
  });
  const copiedAnswer = fullAnswer(forker.id, owner.id);
  const forkerAnswer = { ...fullAnswer(forker.id, owner.id), generationId: "gen-forker" };
  const forkMessages = await newMessages(fork.id, [
    { content: "What do the files say?", metadata: { role: "user" }, createdAt: at(0) },
    { content: "They say…", metadata: copiedAnswer, createdAt: at(1) },
    { content: "And mine?", metadata: { role: "user" }, createdAt: at(20) },
    { content: "Yours say…", metadata: forkerAnswer, createdAt: at(20) },
  ]);

  // The forker's branch of that fork (their own chat): its copy of the owner's answer is just as foreign,
  // its copy of the forker's own answer is theirs.
  const branch = await newChat({
    user: forker.id,
    model: "gpt-4.1",
    forkedMessagesIds: forkMessages.map((m) => m.id),
    createdAt: at(30),
  });
  const branchMessages = await newMessages(
    branch.id,
    forkMessages.map((m) => ({ content: m.content, metadata: m.metadata, createdAt: m.createdAt })),
  );

  const ownBranch = await newChat({
    user: owner.id,
    model: "gpt-4.1",
    forkedMessagesIds: sourceIds,
    createdAt: at(40),
  });
  const ownBranchMessages = await newMessages(ownBranch.id, [
    { content: "What do the files say?", metadata: { role: "user" }, createdAt: at(0) },
    { content: "They say…", metadata: ownerAnswer, createdAt: at(1) },
  ]);
  const orphan = await newChat({
    user: forker.id,
    model: "gpt-4.1",
    forkedMessagesIds: [Number.MAX_SAFE_INTEGER],
    createdAt: at(50),
  });
  const orphanMessages = await newMessages(orphan.id, [
    { content: "Old", metadata: forkerAnswer, createdAt: at(45) },
  ]);
  const ids = (rows: { id: number }[]) => rows.map((m) => m.id);
  return {
    forker,
    ownerAnswer,
    copiedAnswer,
    forkerAnswer,
    sourceIds,
    forkIds: ids(forkMessages),
    branchIds: ids(branchMessages),
    ownBranchIds: ids(ownBranchMessages),
    orphanIds: ids(orphanMessages),
  };
}

/** Before 0017: assistants saved before the icon check, with what an API client could send. */
const STORED_ICONS = ["🤖", "✍️", "🧑‍💻", "🦄", "✍", "my robot", "<img src=x>", "", null];
async function seedIcons() {
  const owner = await newUser();
  await db()
    .insert(s.assistant)
    .values(STORED_ICONS.map((image, i) => ({ userId: owner.id, label: `Helper ${i}`, image })));
  return { ownerId: owner.id };
}

/**
 * Before 0020: a team (its admin's row naming themselves, a member's naming the admin), someone on their own
 * and someone with no plan, each with a request an hour ago; the member's too from 40 days ago.
 */
async function seedPools() {
  const [admin, member, solo, planless] = [
    await newUser(),
    await newUser(),
    await newUser(),
    await newUser(),
  ];
  await client.query(
    `insert into hot.subscription ("userId", customer, subscription, amount, ok, quantity, "adminUserId")
     values ($1, 'cus_a', 'sub_a', 2000, true, 3, $1), ($2, 'cus_m', 'sub_m', 2000, true, 1, $1),
            ($3, 'cus_s', 'sub_s', 1000, true, 1, null)`,
    [admin.id, member.id, solo.id],
  );
  await client.query(
    `insert into hot.usage ("userId", model, category, "requestedAt")
     select u, 'gpt-4.1', 'text', now() - interval '1 hour' from unnest($1::bigint[]) u
     union all select $2, 'gpt-4.1', 'text', now() - interval '40 days'`,
    [[admin.id, member.id, solo.id, planless.id], member.id],
  );
  return { admin: admin.id, member: member.id, solo: solo.id, planless: planless.id };
}

let applied: string[];
let forks: Awaited<ReturnType<typeof seedForks>>;
let icons: Awaited<ReturnType<typeof seedIcons>>;
let pools: Awaited<ReturnType<typeof seedPools>>;

beforeAll(async () => {
  client = new PGlite({ extensions: { vector, pg_trgm } });
  await migrateUntil(client, FORKS_MIGRATION);
  forks = await seedForks();
  icons = await seedIcons();
  pools = await seedPools();
  applied = await migratePglite(client);
});
afterAll(async () => {
  await client?.close();
});

it("applies the data migrations after the rows of the old shape were written", () => {
  expect(applied.slice(0, 2)).toEqual([FORKS_MIGRATION, ICONS_MIGRATION]);
});

describe(FORKS_MIGRATION, () => {
  it("keeps of a fork of someone else's share only what the share showed, and the forker's own whole", async () => {
    // Exactly what shareableMetadata keeps (the pictures at the forker's keys, where the old fork put them).
    const shown = shareableMetadata(forks.copiedAnswer, {
      ownerId: forks.forker.id,
      imageUrl: (image) => image.url,
    });
    expect(shown).toEqual({
      role: "assistant",
      done: true,
      outcome: "complete",
      reasoning: "Thinking about the quarterly figures…",
      search: {
        status: "completed",
        sources: [{ url: "https://example.com/a", title: "A" }, { url: "https://example.com/b" }],
      },
      error: { code: "provider_unavailable", provider: "openai", retryAfter: 30 },
      images: [{ url: `/api/files/generated/${forks.forker.id}/41/97/grid.png`, mimeType: "image/png" }],
    });
    expect(await metadataOf(forks.forkIds)).toEqual([
      { role: "user" },
      shown,
      { role: "user" },
      forks.forkerAnswer,
    ]);
    // Nothing the forker could read is left of the owner's files, usage, generation or tasks.
    const forkText = JSON.stringify(await metadataOf(forks.forkIds.slice(0, 2)));
    for (const secret of [
      "salaries-2026",
      "3b2c0d4e",
      "gen-7f3a",
      "mj-task-secret",
      "812",
      "private excerpt",
      "upstream said no",
    ]) {
      expect(forkText).not.toContain(secret);
    }
  });

  it("strips the same foreign copies from a branch of such a fork, and nothing of the forker's", async () => {
    const shown = shareableMetadata(forks.copiedAnswer, {
      ownerId: forks.forker.id,
      imageUrl: (image) => image.url,
    });
    expect(await metadataOf(forks.branchIds)).toEqual([
      { role: "user" },
      shown,
      { role: "user" },
      forks.forkerAnswer,
    ]);
  });

  it("leaves the shared chat, a branch of one's own chat, and a fork of unknown origin whole", async () => {
    expect(await metadataOf([...forks.sourceIds, ...forks.ownBranchIds])).toEqual([
      { role: "user" },
      forks.ownerAnswer,
      { role: "user" },
      forks.ownerAnswer,
    ]);
    expect(await metadataOf(forks.orphanIds)).toEqual([forks.forkerAnswer]);
  });
});

describe(ICONS_MIGRATION, () => {
  it("gives an assistant whose icon the editor never offered the default one, and keeps the offered ones", async () => {
    const after = await db()
      .select({ image: s.assistant.image })
      .from(s.assistant)
      .where(eq(s.assistant.userId, icons.ownerId))
      .orderBy(asc(s.assistant.id));
    expect(after.map((row) => row.image)).toEqual(["🤖", "✍️", "🧑‍💻", null, null, null, null, null, null]);
  });
});

describe(POOL_MIGRATION, () => {
  it("puts each request of the last 30 days in the pool its user is counted in now, and older ones in none", async () => {
    const rows = await db()
      .select({ userId: s.usage.userId, poolOwnerId: s.usage.poolOwnerId })
      .from(s.usage)
      .where(inArray(s.usage.userId, Object.values(pools)))
      .orderBy(asc(s.usage.id));
    expect(rows).toEqual([
      { userId: pools.admin, poolOwnerId: pools.admin },
      { userId: pools.member, poolOwnerId: pools.admin },
      { userId: pools.solo, poolOwnerId: pools.solo },
      { userId: pools.planless, poolOwnerId: pools.planless },
      { userId: pools.member, poolOwnerId: null },
    ]);
  });
});
