// The Switchboard Worker: one Hono app for the API, the SPA's assets, and the Durable Object classes.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { methodNotAllowed } from "hono/method-not-allowed";
import type { AppEnv } from "./env";
import { AppError } from "./errors";
import { database } from "./middleware/database";
import { errorBody, onError, onNotFound } from "./middleware/error-handler";
import { sameOrigin } from "./middleware/same-origin";
import { securityHeaders } from "./middleware/security-headers";
import { session } from "./middleware/session";
import { accountRoutes } from "./routes/account";
import { assistantRoutes } from "./routes/assistants";
import { billingRoutes } from "./routes/billing";
import { chatRoutes } from "./routes/chats";
import { contactRoutes } from "./routes/contact";
import { createDevRoutes } from "./routes/dev";
import { fileRoutes } from "./routes/files";
import { healthRoutes } from "./routes/health";
import { loginRoutes } from "./routes/login";
import { logoutRoutes } from "./routes/logout";
import { oauthRoutes } from "./routes/oauth";
import { preferencesRoutes } from "./routes/preferences";
import { verificationRoutes } from "./routes/verification";

/** JSON bodies are small; uploads get their own, larger limit on their own route. */
const MAX_JSON_BODY = 1_000_000;

const app = new Hono<AppEnv>();

app.use(securityHeaders());
app.use(
  methodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) =>
      c.json(errorBody("method_not_allowed", `${c.req.method} is not allowed here.`), 405, {
        Allow: methods.join(", "),
      }),
  }),
);
app.use("/api/*", sameOrigin());
app.use(
  "/api/*",
  bodyLimit({
    maxSize: MAX_JSON_BODY,
    onError: () => {
      throw new AppError(413, "payload_too_large", `The request body is larger than ${MAX_JSON_BODY} bytes.`);
    },
  }),
);
app.use("/api/*", database());
app.use("/api/*", session());

const routes = app
  .route("/api/health", healthRoutes)
  .route("/api/login", loginRoutes)
  .route("/api/login", accountRoutes)
  .route("/api/login/verification", verificationRoutes)
  .route("/api/login/oauth", oauthRoutes)
  .route("/api/logout", logoutRoutes)
  .route("/api/user/preferences", preferencesRoutes)
  .route("/api/contact", contactRoutes)
  .route("/api/assistants", assistantRoutes)
  .route("/api/chat", chatRoutes)
  .route("/api/files", fileRoutes)
  .route("/api/billing", billingRoutes);

// vite turns MODE into a constant, so `vite build` drops this branch and the dev routes with it.
if (import.meta.env.MODE !== "production") app.route("/api/dev", createDevRoutes());

app.onError(onError);
app.notFound(onNotFound);

export type AppType = typeof routes;
export { ChatStream } from "./chat/chat-stream";
export default app;
