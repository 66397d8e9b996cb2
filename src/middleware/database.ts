// Gives each request a lazily opened database and closes it once the response is sent.
import { createMiddleware } from "hono/factory";
import { type Database, openDatabase } from "../db/client";
import type { AppEnv } from "../env";

export const database = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    let opened: { db: Database; close: () => Promise<void> } | undefined;
    c.set("db", () => {
      opened ??= openDatabase(c.env);
      return opened.db;
    });
    try {
      await next();
    } finally {
      if (opened) {
        const close = opened.close().catch((err) => console.error("closing the database failed", err));
        // A streamed body may still be reading; let the runtime finish closing after the response.
        try {
          c.executionCtx.waitUntil(close);
        } catch {
          await close;
        }
      }
    }
  });
