// The local database bridge: concurrent clients over WebSocket and TCP share PGlite safely and never hang.
import { Client as NeonClient, Pool as NeonPool, neonConfig } from "@neondatabase/serverless";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { BackendScanner } from "../../scripts/db/pg-protocol.ts";
import { type DatabaseServer, startDatabase } from "../../scripts/db/server.ts";

// The Neon driver as the Worker uses it: raw protocol over a plain WebSocket to the bridge. The client's
// host and port name the bridge to use, so one setting serves several bridges.
neonConfig.webSocketConstructor = WebSocket;
neonConfig.wsProxy = (host, port) => `${host}:${port}/v2`;
neonConfig.useSecureWebSocket = false;
neonConfig.pipelineConnect = false;

const wsUrl = (server: DatabaseServer) => `postgres://postgres:postgres@127.0.0.1:${server.wsPort}/postgres`;

async function waitUntil(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Queryable = { query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

async function counter(client: Queryable, id: number): Promise<number> {
  const { rows } = await client.query("SELECT n FROM counter WHERE id = $1", [id]);
  return Number(rows[0]?.n);
}

async function increment(client: Queryable, id: number, by: number): Promise<void> {
  await client.query("BEGIN");
  await client.query("SELECT n FROM counter WHERE id = $1 FOR UPDATE", [id]);
  await client.query("UPDATE counter SET n = n + $2 WHERE id = $1", [id, by]);
  await client.query("COMMIT");
}

/** A bare protocol client over a WebSocket, to stop half-way through an extended-protocol batch. */
async function rawWebSocket(port: number) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/v2?address=anything:5432`);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  const scanner = new BackendScanner();
  const statuses: string[] = [];
  ws.on("message", (data) => statuses.push(...scanner.scan(data as Buffer)));
  const frame = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeInt32BE(body.length + 4);
    return Buffer.concat([Buffer.from(type), length, body]);
  };
  const untilReady = async (status: string) => {
    const seen = statuses.length;
    await waitUntil(() => statuses.slice(seen).includes(status), `ReadyForQuery ${status}`);
  };
  const params = Buffer.from("user\0postgres\0database\0postgres\0\0");
  const startup = Buffer.alloc(8);
  startup.writeInt32BE(8 + params.length);
  startup.writeInt32BE(196608, 4);
  ws.send(Buffer.concat([startup, params]));
  await untilReady("I");
  return { ws, frame, untilReady };
}

describe("local database bridge over PGlite", () => {
  let db: DatabaseServer;
  let quick: DatabaseServer;
  let admin: pg.Pool;

  beforeAll(async () => {
    [db, quick] = await Promise.all([
      startDatabase({}),
      startDatabase({ lockWaitMs: 300, idleInTransactionMs: 1_500 }),
    ]);
    admin = new pg.Pool({ connectionString: db.url, max: 2 });
    await admin.query("CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL)");
    await admin.query("INSERT INTO counter VALUES (1, 0), (2, 0)");
  });

  afterAll(async () => {
    await admin?.end();
    await Promise.all([db?.close(), quick?.close()]);
  });

  it("serialises 50 concurrent parameterised transactions from the Neon driver over WebSocket", async () => {
    const before = await counter(admin, 1);
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        const client = new NeonClient(wsUrl(db));
        await client.connect();
        await increment(client, 1, 1);
        await client.end();
      }),
    );
    expect(await counter(admin, 1)).toBe(before + 50);
  });

  it("serialises 50 concurrent parameterised transactions from pg over TCP", async () => {
    const before = await counter(admin, 2);
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        const client = new pg.Client(db.url);
        await client.connect();
        await increment(client, 2, 1);
        await client.end();
      }),
    );
    expect(await counter(admin, 2)).toBe(before + 50);
  });

  it("rolls back a connection that drops mid-transaction, and the others carry on", async () => {
    const before = await counter(admin, 1);
    const doomed = new pg.Client(db.url);
    doomed.on("error", () => {});
    await doomed.connect();
    await doomed.query("BEGIN");
    await doomed.query("UPDATE counter SET n = n + 1000 WHERE id = $1", [1]);
    doomed.connection.stream.destroy();

    await Promise.all(
      Array.from({ length: 5 }, async () => {
        const client = new NeonClient(wsUrl(db));
        await client.connect();
        await increment(client, 1, 1);
        await client.end();
      }),
    );
    expect(await counter(admin, 1)).toBe(before + 5);
  });

  it("rolls back a WebSocket client that vanishes in the middle of an unsynced batch", async () => {
    const before = await counter(admin, 1);
    const raw = await rawWebSocket(db.wsPort);
    raw.ws.send(raw.frame("Q", Buffer.from("BEGIN; UPDATE counter SET n = n + 500 WHERE id = 1\0")));
    await raw.untilReady("T");
    // Parse, Bind, Execute and no Sync: PGlite runs the update and waits for the rest of the batch.
    const parse = Buffer.from("\0UPDATE counter SET n = n + 7 WHERE id = 1\0\0\0");
    const bind = Buffer.from([0, 0, 0, 0, 0, 0, 0, 0]);
    const batch = Buffer.concat([
      raw.frame("P", parse),
      raw.frame("B", bind),
      raw.frame("E", Buffer.alloc(5)),
    ]);
    await new Promise((resolve) => raw.ws.send(batch, resolve));
    raw.ws.terminate();

    await increment(admin, 1, 1);
    expect(await counter(admin, 1)).toBe(before + 1);
  });

  it("closes both sides on Terminate, so ended pools leave no connection behind", async () => {
    const onlyAdmin = () => db.stats().connections === admin.totalCount;
    await waitUntil(onlyAdmin, "only the admin pool is connected");
    const neonPool = new NeonPool({ connectionString: wsUrl(db), max: 5 });
    const pgPool = new pg.Pool({ connectionString: db.url, max: 5 });
    await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => neonPool.query("SELECT $1::int AS i", [i])),
      ...Array.from({ length: 5 }, (_, i) => pgPool.query("SELECT $1::int AS i", [i])),
    ]);
    expect(db.stats().connections).toBeGreaterThan(admin.totalCount);
    await Promise.all([neonPool.end(), pgPool.end()]);
    await waitUntil(onlyAdmin, "the pools' connections are closed");
  });

  it("gives a connection that waits too long for the database an error instead of hanging", async () => {
    const holder = new pg.Client(quick.url);
    await holder.connect();
    await holder.query("BEGIN");
    const waiter = new NeonClient(wsUrl(quick));
    waiter.on("error", () => {});
    const failure = await waiter.connect().then(
      () => waiter.query("SELECT 1"),
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: "57014", message: expect.stringMatching(/busy/) });
    await holder.query("ROLLBACK");
    await holder.end();
  });

  it("disconnects a client left idle inside a transaction and rolls its work back", async () => {
    const idle = new pg.Client(quick.url);
    const dropped = new Promise<Error>((resolve) => idle.on("error", resolve));
    await idle.connect();
    await idle.query("CREATE TABLE IF NOT EXISTS notes (body text)");
    await idle.query("BEGIN");
    await idle.query("INSERT INTO notes VALUES ($1)", ["never committed"]);
    expect(await dropped).toMatchObject({ code: "25P03" });

    const other = new pg.Client(quick.url);
    await other.connect();
    expect((await other.query("SELECT count(*)::int AS n FROM notes")).rows[0]).toEqual({ n: 0 });
    await other.end();
  });

  it("answers SSLRequest with N so clients fall back to plain text", async () => {
    const raw = new WebSocket(`ws://127.0.0.1:${db.wsPort}/`);
    await new Promise((resolve) => raw.once("open", resolve));
    const reply = new Promise<string>((resolve) => raw.once("message", (data) => resolve(String(data))));
    raw.send(Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]));
    expect(await reply).toBe("N");
    raw.close();
  });

  it("supports pgvector distance queries", async () => {
    const client = new NeonClient(wsUrl(db));
    await client.connect();
    await client.query("CREATE EXTENSION IF NOT EXISTS vector");
    await client.query("CREATE TABLE items (id int PRIMARY KEY, embedding vector(3))");
    await client.query("INSERT INTO items VALUES (1, '[1,0,0]'), (2, '[0,1,0]'), (3, '[0,0,1]')");
    const { rows } = await client.query("SELECT id FROM items ORDER BY embedding <-> $1 LIMIT 1", [
      "[0.1,0.9,0]",
    ]);
    expect(rows).toEqual([{ id: 2 }]);
    await client.end();
  });

  it("forwards WebSocket clients to an external Postgres in forward mode", async () => {
    const forward = await startDatabase({ databaseUrl: db.url });
    try {
      expect(forward.mode).toBe("external");
      const client = new NeonClient(wsUrl(forward));
      await client.connect();
      const { rows } = await client.query("SELECT $1::int + 1 AS answer", [41]);
      expect(rows).toEqual([{ answer: 42 }]);
      await client.end();
      await waitUntil(() => forward.stats().connections === 0, "the forwarded connection is closed");
    } finally {
      await forward.close();
    }
  });
});
