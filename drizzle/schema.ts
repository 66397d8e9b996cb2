// Postgres tables of SPEC §3 in the `hot` schema; drizzle-kit turns this file into migrations/.
//
// One file on purpose: Node scripts, workerd and drizzle-kit all import it, and a single module avoids
// relative-import extension rules that differ between those three loaders.
// Column names follow SPEC §3's field names (camelCase, quoted in SQL) so the spec reads as the DDL.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  vector,
} from "drizzle-orm/pg-core";

export const hot = pgSchema("hot");

/** Ordered model labels per category, as the user arranged them (SPEC §3 "User model configuration"). */
export type ModelsConfiguration = Partial<
  Record<"text" | "image" | "web" | "reasoning" | "light_text", string[]>
>;

/** Where an attachment's bytes live (e.g. an R2 key); extra keys are allowed for the document pipeline. */
export type AttachmentContent = { location: string } & Record<string, unknown>;

export const EMBEDDING_DIMENSIONS = 1536;

/** A full-text document; the database fills it (a trigger, see the search migration), never the app. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

// Ids appear as all-digit strings in URLs; 53 bits is plenty, so they are JS numbers rather than bigints.
// "By default" (not "always") identity lets imports and fixtures choose ids when they must.
const id = () => bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity();
const userRef = () => bigint({ mode: "number" });
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const user = hot.table(
  "user",
  {
    id: id(),
    // The app lower-cases emails before storing them, so a plain unique index is enough.
    email: varchar({ length: 200 }).notNull(),
    verified: boolean().notNull().default(false),
    name: text(),
    // Null for accounts that only sign in through OAuth.
    hashedPassword: text(),
    createdAt: createdAt(),
    promocode: text(),
    deleted: boolean().notNull().default(false),
  },
  // One verified account per address, and at most one unverified claim beside it: a sign-up for a taken
  // address answers like any other and leaves a claim that can never be verified (the verified index
  // refuses it), so the answer tells nobody whether the address has an account.
  (t) => [
    uniqueIndex("user_email_verified_unique").on(t.email).where(sql`${t.verified}`),
    uniqueIndex("user_email_unverified_unique").on(t.email).where(sql`not ${t.verified}`),
  ],
);

export const userPreferences = hot.table("user_preferences", {
  userId: userRef()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  lang: varchar({ length: 30 }),
  modelsConfiguration: jsonb().$type<ModelsConfiguration>(),
  assistantsConfiguration: jsonb(),
  lastReleaseNoteDateChecked: timestamp({ withTimezone: true }),
  hasSeenOnboardingTips: boolean().notNull().default(false),
});

export const session = hot.table(
  "session",
  {
    // SHA-256 hex of the session token, so a leaked table does not hand out live sessions.
    id: varchar({ length: 255 }).primaryKey(),
    userId: userRef()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // Idle expiry, pushed forward as the session is used.
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    // Start of the absolute timeout, which refreshing never extends.
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const subscription = hot.table(
  "subscription",
  {
    // Restricted deletes: billing history must be settled before a paying user (or team admin) goes.
    userId: userRef()
      .primaryKey()
      .references(() => user.id, { onDelete: "restrict" }),
    customer: varchar({ length: 300 }).notNull(),
    subscription: varchar({ length: 300 }).notNull(),
    quantity: integer().notNull().default(1),
    adminUserId: userRef().references(() => user.id, { onDelete: "restrict" }),
    amount: integer().notNull(),
    // A record without a confirmed payment must not grant a plan (ok false gives "unsubscribed").
    ok: boolean().notNull().default(false),
    createdAt: createdAt(),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    customerEmail: varchar({ length: 200 }),
    canceledAt: timestamp({ withTimezone: true }),
    cancellationDetails: jsonb(),
    // Beyond SPEC §3: the payment provider's own status ("active", "past_due", "canceled"…) and whether a
    // cancellation is scheduled for the period's end, so the account page can say what is going on.
    status: varchar({ length: 30 }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    // On a team member's row: its customer and subscription are the member's own, from before they joined
    // (given back when they leave), not the team's. False on every other row.
    ownCustomer: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Team screens list the seats an admin manages; the index also backs the restrict check.
  (t) => [index("subscription_admin_user_id_idx").on(t.adminUserId)],
);

/**
 * An admin's invitation to join their team. Only a hash of the token is kept, so a leaked table lets
 * nobody in; the token works once (acceptedAt) and until expiresAt.
 */
export const teamInvitation = hot.table(
  "team_invitation",
  {
    id: id(),
    adminUserId: userRef()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email: varchar({ length: 200 }).notNull(),
    // SHA-256 hex of the token mailed to the invitee.
    tokenHash: varchar({ length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: userRef().references(() => user.id, { onDelete: "set null" }),
    // Set when the invitee opened the link and could not join (declinedReason says why, e.g. in_another_team):
    // the invitation holds no seat and its link no longer works, until a resend replaces it.
    declinedAt: timestamp({ withTimezone: true }),
    declinedReason: varchar({ length: 30 }),
  },
  (t) => [
    uniqueIndex("team_invitation_token_hash_unique").on(t.tokenHash),
    index("team_invitation_admin_user_id_idx").on(t.adminUserId, t.email),
  ],
);

/** Why a user lost their team seat, shown at their next visit until they dismiss it or join again. */
export const teamNotice = hot.table("team_notice", {
  userId: userRef()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  // "removed": the admin took the seat back.
  kind: varchar({ length: 20 }).notNull(),
  adminEmail: varchar({ length: 200 }).notNull(),
  createdAt: createdAt(),
});

export const oauthAccount = hot.table(
  "oauth_account",
  {
    providerId: text().notNull(),
    providerUserId: text().notNull(),
    userId: userRef()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.providerUserId] }),
    index("oauth_account_user_id_idx").on(t.userId),
  ],
);

export const assistant = hot.table(
  "assistant",
  {
    id: id(),
    userId: userRef()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    label: varchar({ length: 200 }).notNull(),
    preprompt: text().notNull().default(""),
    image: varchar({ length: 50 }),
    prop: varchar({ length: 50 }),
    // Null means "use the user's own configuration".
    modelsConfiguration: jsonb().$type<ModelsConfiguration>(),
  },
  (t) => [uniqueIndex("assistant_user_id_label_unique").on(t.userId, t.label)],
);

export const chat = hot.table(
  "chat",
  {
    id: id(),
    // Null is the built-in default assistant. Cascade, not set null: SPEC §3 deletes child rows with
    // their parent. Deleting an assistant through the API moves its chats to the default assistant
    // first, in the same transaction (src/db/assistants.ts deleteAssistant), and says so beforehand.
    assistantId: bigint({ mode: "number" }).references(() => assistant.id, { onDelete: "cascade" }),
    user: userRef()
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    title: text().notNull().default(""),
    model: varchar({ length: 70 }).notNull(),
    forkedMessagesIds: bigint({ mode: "number" }).array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Set only while shared; a lowercase UUID in practice (SPEC §2), capped by SPEC at 100.
    publicId: varchar({ length: 100 }),
    // A share is a snapshot: the last message it shows (null while not shared). Newer messages stay private.
    sharedUpTo: bigint({ mode: "number" }),
    // The owner let search engines list the shared page (noindex otherwise).
    sharedIndexable: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex("chat_public_id_unique").on(t.publicId),
    // The sidebar: one user's chats of one assistant, most recently active first.
    index("chat_user_assistant_updated_idx").on(t.user, t.assistantId, t.updatedAt.desc()),
    // Backs the cascade when an assistant is deleted.
    index("chat_assistant_id_idx").on(t.assistantId),
  ],
);

/**
 * The id a user's next new chat will have, taken from the chats' own sequence while the new chat's screen is
 * open (POST /api/chat/prepare), so that the chat's Durable Object exists before the first message is sent:
 * making an object is part of a new chat's wait for its first token otherwise. One per user; the new chat
 * takes it in its statement (src/db/chat-reservation.ts).
 */
export const chatReservation = hot.table("chat_reservation", {
  userId: userRef()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  chatId: bigint({ mode: "number" }).notNull(),
  createdAt: createdAt(),
});

export const message = hot.table(
  "message",
  {
    id: id(),
    chat: bigint({ mode: "number" })
      .notNull()
      .references(() => chat.id, { onDelete: "cascade" }),
    content: text().notNull(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    model: varchar({ length: 70 }),
    createdAt: createdAt(),
    // Quick search: the content in the owner's language (stemmed) and in 'simple' (code and names match
    // as written). Written by the trigger hot.message_search_refresh on every insert and content change.
    search: tsvector(),
    // The chat's owner, copied by the same trigger (never by the app), so quick search can walk one user's
    // messages newest first instead of everybody's; null only for a moment inside an insert.
    user: bigint({ mode: "number" }),
  },
  (t) => [
    index("message_chat_created_idx").on(t.chat, t.createdAt),
    index("message_search_idx").using("gin", t.search),
    // Quick search: one user's window newest first (a common word stops after a few hundred rows), and
    // ANDed with the GIN bitmap for rare words; `id` breaks ties the way the statement orders them.
    index("message_user_created_idx").on(t.user, t.createdAt, t.id),
  ],
);

/**
 * Every word ever indexed for quick search ('simple' lexemes), filled by the same trigger: a typo is matched
 * against these short rows by trigram similarity, then searched as the word it was probably meant to be.
 * Words only, no owner: search results still come from the user's own messages alone.
 */
export const searchWord = hot.table("search_word", {
  word: text().primaryKey(),
});

export const attachment = hot.table(
  "attachment",
  {
    id: uuid().primaryKey().defaultRandom(),
    // Whose upload it is: an upload not yet sent belongs to no message or assistant, and only its owner
    // may see, send or delete it.
    userId: userRef()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    messageId: bigint({ mode: "number" }).references(() => message.id, { onDelete: "cascade" }),
    assistantId: bigint({ mode: "number" }).references(() => assistant.id, { onDelete: "cascade" }),
    name: text(),
    type: varchar({ length: 30 }),
    content: jsonb().$type<AttachmentContent>(),
    // 0 means "not measured yet": the client backfills it (SPEC §4).
    size: bigint({ mode: "number" }).notNull().default(0),
    fileHash: varchar({ length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index("attachment_message_id_idx").on(t.messageId),
    index("attachment_assistant_id_idx").on(t.assistantId),
    index("attachment_user_id_idx").on(t.userId),
    // The daily sweep of uploads never sent (SPEC: orphans go after a day).
    index("attachment_orphan_created_idx")
      .on(t.createdAt)
      .where(sql`${t.messageId} is null and ${t.assistantId} is null`),
  ],
);

/**
 * A user's API keys (issue #19). Only the SHA-256 of the secret is kept; `prefix` is its first characters,
 * shown in the list so a person can tell keys apart. Revoking deletes the row: the key stops at once.
 */
export const apiKey = hot.table(
  "api_key",
  {
    id: id(),
    userId: userRef()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: varchar({ length: 100 }).notNull(),
    prefix: varchar({ length: 16 }).notNull(),
    // SHA-256 hex of the whole key: the lookup of a request's key.
    hash: varchar({ length: 64 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("api_key_hash_idx").on(t.hash), index("api_key_user_id_idx").on(t.userId)],
);

export const usage = hot.table(
  "usage",
  {
    id: id(),
    userId: userRef()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    model: varchar({ length: 70 }).notNull(),
    category: varchar({ length: 30 }).notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Set for requests made through the public API: the key's own rate counts them. A revoked key's rows
    // stay (they still count against the plan's quota), only the link goes.
    apiKeyId: bigint({ mode: "number" }).references(() => apiKey.id, { onDelete: "set null" }),
    // A free model's request (SPEC §3): recorded for the fair-usage rate, never counted in the plan's quota.
    free: boolean().notNull().default(false),
    // The pool the request was counted in (the team admin's id, or the user's own), set by hot.reserve_usage:
    // a member's requests stay in their team's pool after they leave it, until they age out of the window.
    // Null only on rows older than the longest window when this was added (migrations/0020).
    poolOwnerId: bigint({ mode: "number" }).references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    // Quota checks count one user's requests in one category over a sliding window.
    index("usage_user_category_requested_idx").on(t.userId, t.category, t.requestedAt),
    // ...and those of one pool, wherever its members have gone since.
    index("usage_pool_category_requested_idx").on(t.poolOwnerId, t.category, t.requestedAt),
    // An API key's rate counts its own requests of the last hour.
    index("usage_api_key_requested_idx").on(t.apiKeyId, t.requestedAt).where(sql`${t.apiKeyId} is not null`),
  ],
);

// No foreign key: logs outlive the user they mention.
export const log = hot.table("log", {
  id: id(),
  content: text().notNull(),
  email: varchar({ length: 200 }),
  createdAt: createdAt(),
});

export const embedding = hot.table(
  "embedding",
  {
    id: id(),
    content: text().notNull(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    embedding: vector({ dimensions: EMBEDDING_DIMENSIONS }).notNull(),
    userId: userRef()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    chatId: bigint({ mode: "number" }).references(() => chat.id, { onDelete: "cascade" }),
    messageId: bigint({ mode: "number" }).references(() => message.id, { onDelete: "cascade" }),
    // Documents of an assistant are context for all its chats; its chunks go when it (or the file) goes.
    assistantId: bigint({ mode: "number" }).references(() => assistant.id, { onDelete: "cascade" }),
    attachmentId: uuid().references(() => attachment.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("embedding_assistant_id_idx").on(t.assistantId),
    index("embedding_attachment_id_idx").on(t.attachmentId),
    index("embedding_hnsw_idx").using("hnsw", t.embedding.op("vector_cosine_ops")),
    index("embedding_user_id_idx").on(t.userId),
    index("embedding_chat_id_idx").on(t.chatId),
    index("embedding_message_id_idx").on(t.messageId),
  ],
);

// Tables the accounts need beyond SPEC §3.

/** The one live email-verification code of an unverified user; a new code replaces the old one. */
export const verificationCode = hot.table("verification_code", {
  userId: userRef()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  // SHA-256 of the code: a read of the table does not hand out codes.
  codeHash: varchar({ length: 64 }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  attempts: integer().notNull().default(0),
  sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A "forgot password" code: one live code per verified account, its tries counted (src/auth/password-reset.ts). */
export const passwordReset = hot.table("password_reset", {
  userId: userRef()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  codeHash: varchar({ length: 64 }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  attempts: integer().notNull().default(0),
  sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Browsers that signed in to an account with its password: the device cookie's token (as SHA-256) per
 * account. Sign-in failures from others never lock these out (src/auth/password-check.ts).
 */
export const knownDevice = hot.table(
  "known_device",
  {
    tokenHash: varchar({ length: 64 }).notNull(),
    userId: userRef()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // Renewed at each password sign-in from the browser; trust ends KNOWN_DEVICE_SECONDS after it.
    signedInAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index("known_device_user_idx").on(t.userId)],
);

/**
 * Telemetry from the client (errors, web vitals, stream health, navigation timings, user actions) as the
 * collector received it, where Workers Analytics Engine is not at hand (npm run dev, tests). The user is
 * who the session cookie said, never what the body said; no foreign key, so deleting a user keeps counts.
 */
export const telemetryEvent = hot.table(
  "telemetry_event",
  {
    id: id(),
    receivedAt: createdAt(),
    /** The client's clock when it happened. */
    at: timestamp({ withTimezone: true }).notNull(),
    sessionId: varchar({ length: 64 }).notNull(),
    userId: userRef(),
    type: varchar({ length: 20 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    value: doublePrecision(),
    route: varchar({ length: 200 }),
    /** The item's other fields (model, status, rating, duration). */
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("telemetry_event_type_name_at_idx").on(t.type, t.name, t.at),
    index("telemetry_event_session_idx").on(t.sessionId),
  ],
);

/**
 * Fixed-window counters for throttling (sign-in failures per email and per IP, sign-ups, contact
 * messages). One row per key, bumped with a single upsert so parallel requests cannot both slip under.
 */
export const throttle = hot.table("throttle", {
  key: varchar({ length: 300 }).primaryKey(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  count: integer().notNull().default(0),
});

/**
 * Every payment-provider event we acted on, by its id: inserted in the same transaction as the event's
 * effect, so a second delivery of the same event (providers deliver at least once) finds it and does nothing.
 */
export const billingEvent = hot.table("billing_event", {
  id: varchar({ length: 255 }).primaryKey(),
  type: varchar({ length: 100 }).notNull(),
  // When the provider created the event (not when it reached us).
  createdAt: timestamp({ withTimezone: true }).notNull(),
  processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Mail "sent" in development and tests: stored here, printed to the console, read at GET /api/dev/outbox. */
export const devOutbox = hot.table(
  "dev_outbox",
  {
    id: id(),
    to: varchar({ length: 200 }).notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("dev_outbox_to_idx").on(t.to, t.createdAt)],
);

export type UserRow = typeof user.$inferSelect;
export type NewUserRow = typeof user.$inferInsert;
export type UserPreferencesRow = typeof userPreferences.$inferSelect;
export type NewUserPreferencesRow = typeof userPreferences.$inferInsert;
export type SessionRow = typeof session.$inferSelect;
export type NewSessionRow = typeof session.$inferInsert;
export type SubscriptionRow = typeof subscription.$inferSelect;
export type NewSubscriptionRow = typeof subscription.$inferInsert;
export type OauthAccountRow = typeof oauthAccount.$inferSelect;
export type NewOauthAccountRow = typeof oauthAccount.$inferInsert;
export type AssistantRow = typeof assistant.$inferSelect;
export type NewAssistantRow = typeof assistant.$inferInsert;
export type ChatRow = typeof chat.$inferSelect;
export type NewChatRow = typeof chat.$inferInsert;
export type MessageRow = typeof message.$inferSelect;
export type NewMessageRow = typeof message.$inferInsert;
export type AttachmentRow = typeof attachment.$inferSelect;
export type NewAttachmentRow = typeof attachment.$inferInsert;
export type ApiKeyRow = typeof apiKey.$inferSelect;
export type UsageRow = typeof usage.$inferSelect;
export type NewUsageRow = typeof usage.$inferInsert;
export type LogRow = typeof log.$inferSelect;
export type NewLogRow = typeof log.$inferInsert;
export type EmbeddingRow = typeof embedding.$inferSelect;
export type NewEmbeddingRow = typeof embedding.$inferInsert;
export type VerificationCodeRow = typeof verificationCode.$inferSelect;
export type TelemetryEventRow = typeof telemetryEvent.$inferSelect;
export type ThrottleRow = typeof throttle.$inferSelect;
export type KnownDeviceRow = typeof knownDevice.$inferSelect;
export type DevOutboxRow = typeof devOutbox.$inferSelect;
export type BillingEventRow = typeof billingEvent.$inferSelect;
export type TeamInvitationRow = typeof teamInvitation.$inferSelect;
export type TeamNoticeRow = typeof teamNotice.$inferSelect;
