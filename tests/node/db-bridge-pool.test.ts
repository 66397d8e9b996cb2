// The forward bridge's pool of server connections, against a real PostgreSQL: a connection serves the next
// client only once the last one left it between requests, and then with nothing of that client's session.
import { Client as NeonClient, neonConfig } from "@neondatabase/serverless";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { findPostgres, type PrivateCluster, startPrivateCluster } from "../../scripts/db/private-cluster.ts";
import { type DatabaseServer, startDatabase } from "../../scripts/db/server.ts";

neonConfig.webSocketConstructor = WebSocket;
neonConfig.wsProxy = (host, port) => `${host}:${port}/v2`;
neonConfig.useSecureWebSocket = false;
neonConfig.pipelineConnect = false;

const found = findPostgres();

async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Without a PostgreSQL on the machine (CI installs one) there is nothing to forward to.
describe.skipIf(!found.ok)("forward bridge to a real PostgreSQL", () => {
  let cluster: PrivateCluster;
  let bridge: DatabaseServer;
  let admin: pg.Client;
  /** The cluster's credentials at the bridge: over WebSocket (the Worker's way) or plain TCP. */
  const through = (port: number) => {
    const url = new URL(cluster.url);
    url.port = String(port);
    return url.toString();
  };
  const neonClient = async () => {
    const client = new NeonClient(through(bridge.wsPort));
    await client.connect();
    return client;
  };
  /** A client over the bridge's plain TCP port, whose connection a test may cut. */
  const tcpClient = async () => {
    const client = new pg.Client(through(bridge.tcpPort));
    client.on("error", () => {});
    await client.connect();
    return client;
  };
  /** The client's connection drops with no Terminate; resolves once the bridge has seen it go. */
  const vanish = async (client: pg.Client) => {
    client.connection.stream.destroy();
    await waitUntil(() => bridge.stats().connections === 0, "the client is gone");
  };
  const backendPid = async (client: { query(sql: string): Promise<{ rows: unknown[] }> }) =>
    ((await client.query("SELECT pg_backend_pid() AS pid")).rows[0] as { pid: number }).pid;

  beforeAll(async () => {
    if (!found.ok) return;
    cluster = await startPrivateCluster(found.install);
    bridge = await startDatabase({ databaseUrl: cluster.url });
    admin = new pg.Client(cluster.url);
    await admin.connect();
  }, 60_000);

  afterAll(async () => {
    await admin?.end();
    await bridge?.close();
    await cluster?.stop();
  });

  it("hands the next client the same server process, with nothing of the last client's session", async () => {
    const first = await neonClient();
    const pid = await backendPid(first);
    await first.query("SET statement_timeout = '1234ms'");
    await first.query("CREATE TEMP TABLE left_behind (x int)");
    await first.query("PREPARE left_plan AS SELECT 1");
    await first.query("SELECT pg_advisory_lock(4242)");
    await first.end();
    await waitUntil(() => bridge.stats().idle === 1, "the connection is back in the pool");

    const next = await neonClient();
    expect(await backendPid(next)).toBe(pid);
    const { rows } = await next.query(
      `SELECT current_setting('statement_timeout') AS timeout, to_regclass('pg_temp.left_behind') AS temp,
              (SELECT count(*)::int FROM pg_prepared_statements) AS plans`,
    );
    expect(rows).toEqual([{ timeout: "0", temp: null, plans: 0 }]);
    // Its session lock went with the reset: anyone may take it.
    const { rows: lock } = await admin.query("SELECT pg_try_advisory_lock(4242) AS taken");
    expect(lock).toEqual([{ taken: true }]);
    await admin.query("SELECT pg_advisory_unlock(4242)");
    await next.end();
  });

  it("closes a server connection its client left inside a transaction, which rolls back", async () => {
    await admin.query("CREATE TABLE IF NOT EXISTS pool_marks (note text)");
    await waitUntil(() => bridge.stats().idle >= 1, "a connection is in the pool");
    const doomed = await tcpClient();
    const pid = await backendPid(doomed);
    await doomed.query("BEGIN");
    await doomed.query("INSERT INTO pool_marks VALUES ('never committed')");
    await vanish(doomed);
    await pause(100);

    const next = await tcpClient();
    expect(await backendPid(next)).not.toBe(pid);
    expect((await next.query("SELECT count(*)::int AS n FROM pool_marks")).rows).toEqual([{ n: 0 }]);
    await next.end();
  });

  it("closes a server connection its client left in the middle of an unsynced batch", async () => {
    const doomed = await tcpClient();
    const pid = await backendPid(doomed);
    // Parse, Bind, Execute and Flush, no Sync: the server runs it and waits for the rest of the batch.
    doomed.connection.parse({ name: "", text: "SELECT pg_sleep(0.2)", types: [] }, true);
    doomed.connection.bind({ values: [] }, true);
    doomed.connection.execute({}, true);
    doomed.connection.flush();
    await pause(50);
    await vanish(doomed);
    await pause(300);

    const next = await tcpClient();
    expect(await backendPid(next)).not.toBe(pid);
    await next.end();
  });

  it("gives clients at the same time server connections of their own", async () => {
    const clients = await Promise.all(Array.from({ length: 8 }, () => neonClient()));
    const pids = await Promise.all(clients.map((client) => backendPid(client)));
    expect(new Set(pids).size).toBe(8);
    await Promise.all(clients.map((client) => client.end()));
    // Back in the pool, with the ones the earlier tests left.
    await waitUntil(() => bridge.stats().idle >= 8, "all eight are back in the pool");
  });
});
