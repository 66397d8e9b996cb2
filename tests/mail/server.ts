// A local HTTP mail API speaking Resend's `POST /emails` (bearer key, JSON body, its error shapes), for tests.
//
// It records every request as received. `POST /status/<code>/emails` answers that status with Resend's error
// body, so a test can make the API fail for its own requests only.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedMail {
  path: string;
  headers: IncomingMessage["headers"];
  /** The JSON body, or the raw text when it was not JSON. */
  body: unknown;
  status: number;
}

export interface MailServer {
  /** The API's base, e.g. http://127.0.0.1:PORT: mail goes to `${url}/emails`. */
  url: string;
  apiKey: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

const ERROR_NAMES: Record<number, string> = {
  400: "validation_error",
  401: "missing_api_key",
  403: "invalid_api_key",
  422: "validation_error",
  429: "rate_limit_exceeded",
  500: "internal_server_error",
};

export async function startMailServer(apiKey = "re_test_key"): Promise<MailServer> {
  const received: ReceivedMail[] = [];
  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      // Recorded as text; answered below as a validation error.
    }
    const forced = /^\/status\/(\d{3})\/emails$/.exec(req.url ?? "");
    const send = (status: number, payload: unknown) => {
      received.push({ path: req.url ?? "", headers: req.headers, body, status });
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
    };
    const error = (status: number, message: string) =>
      send(status, { statusCode: status, name: ERROR_NAMES[status] ?? "application_error", message });

    if (req.method !== "POST" || (req.url !== "/emails" && !forced)) return error(404, "Not found");
    if (!req.headers.authorization) return error(401, "Missing API key in the authorization header");
    if (req.headers.authorization !== `Bearer ${apiKey}`) return error(403, "API key is invalid");
    if (forced) return error(Number(forced[1]), `Forced failure ${forced[1]}`);
    const mail = body as { from?: unknown; to?: unknown; subject?: unknown; text?: unknown; html?: unknown };
    if (typeof body !== "object" || body === null) return error(422, "Invalid JSON body");
    for (const field of ["from", "to", "subject"] as const) {
      if (!mail[field]) return error(422, `Missing \`${field}\` field.`);
    }
    if (!mail.text && !mail.html) return error(422, "Missing `html` or `text` field.");
    send(200, { id: crypto.randomUUID() });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
