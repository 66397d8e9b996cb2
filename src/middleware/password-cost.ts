// Sets password hashing's cost for this Worker's isolate: production's, or a test Worker's low one.
import { createMiddleware } from "hono/factory";
import { configureScrypt } from "../auth/password";
import type { AppEnv } from "../env";

export const passwordCost = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    configureScrypt(c.env);
    await next();
  });
