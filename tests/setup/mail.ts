// Vitest global setup: the local HTTP mail API (tests/mail/server.ts), and a way to read what it received.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { startMailServer } from "../mail/server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the mail API (mail goes to `${mailApiUrl}/emails`) and its key. */
    mailApiUrl: string;
    mailApiKey: string;
    /** GET /received?to=<email> → { requests: [{ path, headers, body, status }] }. */
    mailControl: string;
  }
}

export default async function setup(project: TestProject) {
  const mail = await startMailServer();
  const control = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://control");
    if (req.method !== "GET" || url.pathname !== "/received") {
      res.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get("to");
    // Per test: each test mails its own unique address.
    const requests = mail.received.filter((r) => !to || JSON.stringify(r.body).includes(to));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ requests }));
  });
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  project.provide("mailApiUrl", mail.url);
  project.provide("mailApiKey", mail.apiKey);
  project.provide("mailControl", `http://127.0.0.1:${(control.address() as AddressInfo).port}`);
  return async () => {
    await new Promise<void>((resolve) => control.close(() => resolve()));
    await mail.close();
  };
}
