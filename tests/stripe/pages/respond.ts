// Small HTTP answers shared by the hosted pages.
import type { ServerResponse } from "node:http";
import { esc, page } from "./layout.ts";

export function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(body);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}

export const notFound = (res: ServerResponse, what: string) =>
  html(
    res,
    404,
    page("Not found", `<div class="card" data-testid="not-found">${esc(what)} not found.</div>`),
  );

export const fieldOf = (form: Record<string, unknown>, key: string) =>
  typeof form[key] === "string" ? (form[key] as string) : "";
