// The client IP the Worker throttles by: our local server writes the socket's address into CF-Connecting-IP
// (replacing any the client sent), and the Worker reads only something shaped like an address.
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setClientIp } from "../../scripts/lib/client-ip.ts";
import { clientIpOf, UNKNOWN_CLIENT_IP } from "../../src/auth/client-ip.ts";

/** A server that runs the middleware, then answers the header as both of Node's views show it. */
const server = createServer((req, res) =>
  setClientIp(req, res, () => {
    const raw = req.rawHeaders.flatMap((name, i) =>
      i % 2 === 0 && name.toLowerCase() === "cf-connecting-ip" ? [req.rawHeaders[i + 1]] : [],
    );
    res.end(JSON.stringify({ parsed: req.headers["cf-connecting-ip"], raw }));
  }),
);
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function seenIp(headers: Record<string, string>): Promise<{ parsed: string; raw: string[] }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/api/login", headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve(JSON.parse(body)));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the local server's client IP", () => {
  it.each([
    ["no header", {}],
    ["a forged CF-Connecting-IP", { "CF-Connecting-IP": "203.0.113.9" }],
    ["a forged header in another case", { "cf-connecting-ip": "198.51.100.1" }],
  ])("is the socket's address with %s", async (_label, headers) => {
    expect(await seenIp(headers)).toEqual({ parsed: "127.0.0.1", raw: ["127.0.0.1"] });
  });
});

describe("clientIpOf", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    [" 2001:DB8::1 ", "2001:0db8:0000:0000::/64"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    [undefined, UNKNOWN_CLIENT_IP],
    ["", UNKNOWN_CLIENT_IP],
    ["x".repeat(400), UNKNOWN_CLIENT_IP],
    ["1.2.3.4, 5.6.7.8", UNKNOWN_CLIENT_IP],
    ["<script>", UNKNOWN_CLIENT_IP],
  ])("%j → %j", (header, expected) => {
    expect(clientIpOf(header)).toBe(expected);
  });
});
