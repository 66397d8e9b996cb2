// Migration 0021: messages are indexed split where a query splits them (punctuation read as a space), the ones
// written before it included (PGlite with pgvector and pg_trgm, drizzle's own migrator, as data-migrations does).
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratePglite } from "../../scripts/db/migrate";
import { queryWords } from "../../src/domain/search";
import { migrateUntil } from "./support/migrate-until";

const MIGRATION = "0021_search-punctuation";
const CODE = 'Use `input.split(" ")`, then foo_bar.baz() and /usr/bin/env: x = -1, v1.2.3.';

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create({ extensions: { vector, pg_trgm } });
});
afterAll(async () => {
  await client.close();
});

const matching = async (tsquery: string) =>
  (
    await client.query<{ id: number }>(
      "select id from hot.message where search @@ to_tsquery('simple', $1) order by id",
      [tsquery],
    )
  ).rows.map((r) => Number(r.id));

describe(MIGRATION, () => {
  it("indexes again the messages written before it, and the trigger indexes new ones alike", async () => {
    await migrateUntil(client, MIGRATION);
    const { rows } = await client.query<{ id: number }>(
      `with u as (insert into hot."user" (email) values ('old@example.com') returning id),
        c as (insert into hot.chat ("user", title, model) select id, '', 'test' from u returning id)
      insert into hot.message (chat, content) select id, $1 from c returning id`,
      [CODE],
    );
    const before = Number(rows[0]?.id);
    // The parser's host name, file name and signed number hid their parts.
    expect(await matching("split")).toEqual([]);
    expect(await matching("usr")).toEqual([]);

    // This one and any written after it.
    expect((await migratePglite(client))[0]).toBe(MIGRATION);
    const { rows: added } = await client.query<{ id: number }>(
      "insert into hot.message (chat, content) select chat, $1 from hot.message where id = $2 returning id",
      [CODE, before],
    );
    const after = Number(added[0]?.id);
    for (const query of [
      "split",
      "input <-> split",
      "foo <-> bar <-> baz",
      "usr <-> bin <-> env",
      "1",
      "v1 <-> 2",
    ])
      expect(await matching(query), query).toEqual([before, after]);
    // Words apart are not side by side.
    expect(await matching("then <-> bar")).toEqual([]);
    // The parts join the typo lexicon (words of 4+ letters without digits).
    const { rows: words } = await client.query<{ word: string }>(
      "select word from hot.search_word where word in ('input', 'split', 'input.split') order by word",
    );
    expect(words.map((w) => w.word)).toEqual(["input", "split"]);
  });

  it("splits text where a query splits it, punctuation and symbols beyond ASCII included", async () => {
    const text =
      'input.split(" ") n(n+1) C++ l’été «\u00a0bonjour\u00a0» foo—bar hello😀\ufe0fworld “quoted” ' +
      "x² ½ H₂O ① €5 ¿qué? 3×4 <b>bold</b> a→b 人々、日本語。 ｆｕｌｌ！ｗｉｄｔｈ https://example.com/a_b?q=1#top";
    const { rows } = await client.query<{ words: string[] }>(
      "select array(select lexeme from unnest(to_tsvector('simple', hot.search_text($1)))) as words",
      [text],
    );
    // Chunk by chunk: queryWords keeps a query's first eight words only.
    const words = text.split(/\s+/).flatMap((chunk) => queryWords(chunk).words);
    expect(new Set(rows[0]?.words)).toEqual(new Set(words));
  });
});
