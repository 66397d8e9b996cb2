// Migration 0022's fold (made fast by 0023: lower() alone where it folds, else only the blocks of capitals a text
// holds) is JavaScript's toLowerCase, which lowers a query (src/domain/search.ts), whatever the locale: PGlite's
// ctype (C.UTF-8) lowers every letter already, so the C collation, whose lower() stops at ASCII, stands in for a
// C-locale database here. tests/worker/search.test.ts searches on one (`npm run test:worker`).
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratePglite } from "../../scripts/db/migrate";

const MIGRATION = "0022_search-case";

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create({ extensions: { vector, pg_trgm } });
  await migratePglite(client);
});
afterAll(async () => {
  await client.close();
});

/** Every capital of the ranges the migration covers, one after another. */
function capitals(): string {
  let text = "";
  for (const [from, to] of [
    [0xc0, 0x24f],
    [0x370, 0x52f],
    [0x1e00, 0x1eff],
  ] as const)
    for (let code = from; code <= to; code++) {
      const c = String.fromCodePoint(code);
      if (c.toLowerCase() !== c) text += c;
    }
  return text;
}

describe(MIGRATION, () => {
  it.each([
    ["the database's", ""],
    ["the C", ' collate "C"'],
  ])(
    "lowers every capital as JavaScript does, where that is one letter, under %s collation",
    async (_, collation) => {
      const text = capitals();
      const { rows } = await client.query<{ folded: string }>(
        `select hot.search_fold($1::text${collation}) as folded`,
        [text],
      );
      const folded = [...(rows[0]?.folded ?? "")];
      const expected = [...text].map((c) => {
        const lower = c.toLowerCase();
        // İ lowers to two letters (i and a dot above): a locale's lower() may give "i", the fold leaves it.
        return [...lower].length === 1 ? [lower] : [c, lower[0]];
      });
      expect(folded.length).toBe(expected.length);
      const wrong = folded.flatMap((c, i) => (expected[i]?.includes(c) ? [] : [`${[...text][i]} → ${c}`]));
      expect(wrong).toEqual([]);
      // ASCII too, and what is not a capital stays.
      const { rows: plain } = await client.query<{ folded: string }>(
        `select hot.search_fold('Hello, WORLD 42 ß'${collation}) as folded`,
      );
      expect(plain[0]?.folded).toBe("hello, world 42 ß");
    },
  );
});
