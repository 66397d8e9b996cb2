// The forward bridge's idle server connections: kept for the next client, closed once idle for too long.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Upstream, UpstreamPool } from "../../scripts/db/upstream-pool.ts";

let server: net.Server;
let port = 0;

beforeAll(async () => {
  // Stands in for PostgreSQL: a socket that stays open and says nothing, as an idle backend does.
  server = net.createServer((socket) => socket.on("error", () => {}));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const upstream = () =>
  new Promise<Upstream>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => resolve({ socket, greeting: Buffer.alloc(0) }));
    socket.once("error", reject);
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("UpstreamPool", () => {
  it("closes a connection idle past its timeout; one taken before then stays open", async () => {
    const pool = new UpstreamPool(80);
    const startup = Buffer.from("user=app database=app");
    const left = await upstream();
    const next = await upstream();
    pool.put(startup, left);
    pool.put(startup, next);
    expect(pool.size).toBe(2);
    const taken = pool.take(startup);
    expect(taken).toBe(next);
    await pause(250);
    expect(left.socket.destroyed).toBe(true);
    expect(pool.size).toBe(0);
    expect(next.socket.destroyed).toBe(false);
    next.socket.destroy();
    pool.close();
  });
});
