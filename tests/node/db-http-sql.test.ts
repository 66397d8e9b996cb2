// The bridge's Neon HTTP endpoint (POST /sql): `neon()` reads the same values and errors as over a connection.
import { neon, neonConfig } from "@neondatabase/serverless";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseServer, startDatabase } from "../../scripts/db/server.ts";

// As src/db/client.ts points the Worker's driver at the bridge: the host of the connection string names it.
neonConfig.fetchEndpoint = (host, port) => `http://${host}:${port}/sql`;

const httpUrl = (server: DatabaseServer) =>
  `postgres://postgres:postgres@127.0.0.1:${server.wsPort}/postgres`;

describe("the bridge's HTTP query endpoint", () => {
  let db: DatabaseServer;
  let quick: DatabaseServer;
  let admin: pg.Pool;

  beforeAll(async () => {
    [db, quick] = await Promise.all([startDatabase({}), startDatabase({ lockWaitMs: 300 })]);
    admin = new pg.Pool({ connectionString: db.url, max: 2 });
    await admin.query("CREATE TABLE note (id int PRIMARY KEY, body text NOT NULL, meta jsonb)");
  });

  afterAll(async () => {
    await admin?.end();
    await Promise.all([db?.close(), quick?.close()]);
  });

  it("answers with the values a connection reads, parsed by type", async () => {
    const statement = `select $1::int + 1 as int, 9007199254740993::bigint as big, $2::text as text,
      null::text as nothing, $3::jsonb as json, true as yes, '2026-11-27T07:00:00Z'::timestamptz as at,
      array[1, 2]::int[] as list`;
    const params = [41, "it's “quoted” ✓", JSON.stringify({ a: [1, null] })];
    const overHttp = await neon(httpUrl(db)).query(statement, params);
    const { rows: overTcp } = await admin.query(statement, params);
    expect(overHttp).toEqual(overTcp);
    expect(overHttp[0]).toMatchObject({ int: 42, big: "9007199254740993", nothing: null, yes: true });
    expect(overHttp[0]?.json).toEqual({ a: [1, null] });
    expect(overHttp[0]?.at).toEqual(new Date("2026-11-27T07:00:00Z"));
  });

  it("writes, and says how many rows a statement touched", async () => {
    const sql = neon(httpUrl(db), { fullResults: true });
    const inserted = await sql.query("insert into note values ($1, $2, null), ($3, $4, null)", [
      1,
      "a",
      2,
      "b",
    ]);
    expect(inserted).toMatchObject({ command: "INSERT", rowCount: 2 });
    const updated = await sql.query("update note set body = body || '!' returning id, body", []);
    expect(updated.rowCount).toBe(2);
    expect(updated.rows).toEqual([
      { id: 1, body: "a!" },
      { id: 2, body: "b!" },
    ]);
  });

  it("throws the Postgres error with its code and fields, and writes nothing", async () => {
    const sql = neon(httpUrl(db));
    const duplicate = await sql.query("insert into note values (1, 'again', null)", []).catch((e) => e);
    expect(duplicate).toMatchObject({ code: "23505", constraint: "note_pkey", table: "note" });
    const malformed = await sql.query("selct 1", []).catch((e) => e);
    expect(malformed).toMatchObject({ code: "42601", position: "1" });
    expect(malformed.message).toMatch(/syntax error/);
    const { rows } = await admin.query("select body from note where id = 1");
    expect(rows).toEqual([{ body: "a!" }]);
  });

  it("waits for a transaction another connection holds: its statement is not part of it", async () => {
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("insert into note values (10, 'rolled back', null)");
      let done = false;
      const write = neon(httpUrl(db))
        .query("insert into note values (11, 'kept', null)", [])
        .then(() => {
          done = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(done).toBe(false);
      await holder.query("rollback");
      await write;
      const { rows } = await admin.query("select id from note where id in (10, 11)");
      expect(rows).toEqual([{ id: 11 }]);
    } finally {
      await holder.end();
    }
  });

  it("gives a statement that waits too long for the database an error instead of hanging", async () => {
    const holder = new pg.Client({ connectionString: quick.url });
    await holder.connect();
    try {
      await holder.query("begin");
      const waited = await neon(httpUrl(quick))
        .query("select 1", [])
        .catch((e) => e);
      expect(waited).toMatchObject({ code: "57014" });
      await holder.query("rollback");
      expect(await neon(httpUrl(quick)).query("select 1 as one", [])).toEqual([{ one: 1 }]);
    } finally {
      await holder.end();
    }
  });

  it("runs statements on the Postgres the connection string names in forward mode", async () => {
    const forward = await startDatabase({ databaseUrl: db.url });
    try {
      // The request reaches the forwarding bridge; the connection string names the database behind it.
      const sql = neon(db.url);
      neonConfig.fetchEndpoint = () => `http://127.0.0.1:${forward.wsPort}/sql`;
      expect(await sql.query("select body from note where id = $1", [2])).toEqual([{ body: "b!" }]);
    } finally {
      neonConfig.fetchEndpoint = (host, port) => `http://${host}:${port}/sql`;
      await forward.close();
    }
  });
});
