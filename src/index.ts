// The Switchboard Worker: one Hono app for the API, the SPA's assets, and the Durable Object classes.
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { methodNotAllowed } from "hono/method-not-allowed";
import { isKeyApiPath, KEY_API_PREFIX } from "./domain/api-access";
import { DEFAULT_LOCALE, LOCALES } from "./domain/locales";
import type { AppEnv } from "./env";
import { AppError } from "./errors";
import { database } from "./middleware/database";
import { errorResponse, onError, onNotFound } from "./middleware/error-handler";
import { passwordCost } from "./middleware/password-cost";
import { sameOrigin } from "./middleware/same-origin";
import { securityHeaders } from "./middleware/security-headers";
import { session } from "./middleware/session";
import { accountRoutes } from "./routes/account";
import { apiKeyRoutes } from "./routes/api-keys";
import { appPageRoutes, isOpenChatPath } from "./routes/app-page";
import { assistantRoutes } from "./routes/assistants";
import { attachmentRoutes, sweepOrphanAttachments } from "./routes/attachments";
import { billingRoutes } from "./routes/billing";
import { chatReadRoutes } from "./routes/chat-reads";
import { chatRoutes } from "./routes/chats";
import { collectRoutes } from "./routes/collect";
import { contactRoutes } from "./routes/contact";
import { createDevRoutes } from "./routes/dev";
import { fileRoutes } from "./routes/files";
import { healthRoutes } from "./routes/health";
import { loginRoutes } from "./routes/login";
import { logoutRoutes } from "./routes/logout";
import { oauthRoutes } from "./routes/oauth";
import { openAIRoutes } from "./routes/openai-api";
import { preferencesRoutes } from "./routes/preferences";
import { pruneSearchVocabulary, searchRoutes } from "./routes/search";
import { sharedRoutes, shareRoutes } from "./routes/share";
import { sharedPageRoutes } from "./routes/shared-page";
import { teamRoutes } from "./routes/team";
import { verificationRoutes } from "./routes/verification";

/** JSON bodies are small; uploads and the public API's completions (pictures inline) get larger limits. */
const MAX_JSON_BODY = 1_000_000;
const MAX_COMPLETIONS_BODY = 20_000_000;

const app = new Hono<AppEnv>();

app.use(securityHeaders());
// The public API takes a Bearer key and never a cookie, so any site may call it from a browser, as OpenAI's
// own API allows; preflights are answered here, before the method check would refuse OPTIONS.
app.use(
  `${KEY_API_PREFIX}/*`,
  cors({
    origin: "*",
    allowMethods: ["GET", "POST"],
    allowHeaders: ["Authorization", "Content-Type"],
    exposeHeaders: ["Retry-After"],
    maxAge: 86_400,
  }),
);
app.use(
  methodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) =>
      errorResponse(c, new AppError(405, "method_not_allowed", `${c.req.method} is not allowed here.`), {
        Allow: methods.join(", "),
      }),
  }),
);
// The public API (/api/v1) authenticates by Bearer key: no cookie is read, so no Origin check is needed.
const appOnly =
  (middleware: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> =>
  (c, next) =>
    isKeyApiPath(c.req.path) ? next() : middleware(c, next);
app.use("/api/*", appOnly(sameOrigin()));
const jsonLimit = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError(413, "payload_too_large", `The request body is larger than ${maxSize} bytes.`);
    },
  });
const jsonBodyLimit = jsonLimit(MAX_JSON_BODY);
/** The one route whose bodies are files: it sets its own limit. */
const UPLOAD_PATH = "/api/attachments/upload";
/** The public API's chat completions carry pictures inline (base64 data URLs), as OpenAI's clients send them. */
const COMPLETIONS_PATH = `${KEY_API_PREFIX}/chat/completions`;
const completionsBodyLimit = jsonLimit(MAX_COMPLETIONS_BODY);
app.use("/api/*", (c, next) => {
  if (c.req.path === UPLOAD_PATH) return next();
  return c.req.path === COMPLETIONS_PATH ? completionsBodyLimit(c, next) : jsonBodyLimit(c, next);
});
app.use("/api/*", database());
app.use("/api/*", passwordCost());
app.use("/api/*", appOnly(session()));
// The shared page reads no session (it is cached per kind of reader); only its fork form needs one. Under a
// language's prefix (/fr/shared/…, as the app's links under that language go) it is the same page in it.
const SHARED_PAGES = ["/shared", `/:locale{${LOCALES.filter((l) => l !== DEFAULT_LOCALE).join("|")}}/shared`];
for (const pages of SHARED_PAGES) {
  app.use(`${pages}/*`, sameOrigin());
  app.use(`${pages}/*`, database());
  app.use(`${pages}/:publicId/fork`, session());
}
// The app's pages run the Worker first (wrangler.toml) only so that an open chat's can carry its messages.
const APP_PAGES = ["/app/*", "/:locale{[a-z]{2}}/app/*"];
const openChatOnly =
  (middleware: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> =>
  (c, next) =>
    isOpenChatPath(c.req.path) ? middleware(c, next) : next();
for (const pages of APP_PAGES) {
  app.use(pages, openChatOnly(database()));
  app.use(pages, openChatOnly(session()));
}

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
  .route("/api/chat", shareRoutes)
  .route("/api/chat", chatRoutes)
  .route("/api/chat", chatReadRoutes)
  .route("/api/shared", sharedRoutes)
  .route("/api/attachments", attachmentRoutes)
  .route("/api/files", fileRoutes)
  .route("/api/billing", billingRoutes)
  .route("/api/keys", apiKeyRoutes)
  .route("/api/search", searchRoutes)
  .route("/api/collect", collectRoutes)
  .route("/api/team", teamRoutes);

// Outside AppType: the SPA never calls it, OpenAI clients do.
app.route(KEY_API_PREFIX, openAIRoutes);

// vite turns MODE into a constant, so `vite build` drops this branch and the dev routes with it.
if (import.meta.env.MODE !== "production") app.route("/api/dev", createDevRoutes());

for (const pages of SHARED_PAGES) app.route(pages, sharedPageRoutes);
for (const pages of APP_PAGES) app.route(pages.slice(0, -2), appPageRoutes);

app.onError(onError);
app.notFound(onNotFound);

export type AppType = typeof routes;
export { ChatStream } from "./chat/chat-stream";

/** wrangler.toml [triggers] crons: the daily sweep of uploads never sent. */
async function scheduled(controller: ScheduledController, env: AppEnv["Bindings"], ctx: ExecutionContext) {
  ctx.waitUntil(
    sweepOrphanAttachments(env).then(
      ({ deleted, unreferenced }) =>
        console.log(`orphan attachments deleted: ${deleted}; R2 objects without a row: ${unreferenced}`),
      (err: unknown) => console.error("orphan sweep failed", err),
    ),
  );
  ctx.waitUntil(
    pruneSearchVocabulary(env, new Date(controller.scheduledTime)).then(
      ({ checked, deleted }) =>
        console.log(`search vocabulary: ${checked} words checked, ${deleted} deleted`),
      (err: unknown) => console.error("search vocabulary prune failed", err),
    ),
  );
}

// The Hono app itself stays the default export (tests read its routes); the cron handler rides on it.
export default Object.assign(app, { scheduled });
