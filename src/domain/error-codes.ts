// The closed set of error codes the API, the live stream and the OAuth redirect answer with.
//
// Server code may only throw these (AppError and OauthError take the type), and the client maps every one
// to a sentence with a Record over the set: a new code fails the type check until it is translated.

/** Failures any route can answer with, whatever the resource. */
export const GENERIC_ERROR_CODES = [
  "bad_request",
  "invalid_input",
  "unsupported_media_type",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "payload_too_large",
  "too_many_requests",
  "internal_error",
] as const;

/** Accounts: sign-up, sign-in, verification, password and deletion. */
export const ACCOUNT_ERROR_CODES = [
  "invalid_credentials",
  "email_taken",
  "wrong_password",
  "wrong_email",
  "same_password",
  "verification_code_missing",
  "verification_code_exhausted",
  "verification_code_expired",
  "verification_code_invalid",
  "already_verified",
  "email_not_verified",
] as const;

/** Where an OAuth sign-in sends the visitor back to /login?error=… */
export const OAUTH_ERROR_CODES = [
  "oauth_cancelled",
  "oauth_failed",
  "oauth_state_mismatch",
  "oauth_email_unverified",
  "oauth_email_invalid",
  "account_unverified",
  "account_deleted",
] as const;

/** Refusals of a send, before any answer starts. */
export const SEND_ERROR_CODES = [
  "subscription_required",
  "quota_reached",
  "generation_in_progress",
  /** The model exists but this deployment does not offer it (no key for its provider, or a test model). */
  "model_unavailable",
  /** SPEC §8: the documents of the conversation (messages + assistant) would exceed 32,000,000 bytes. */
  "documents_too_large",
] as const;

/** Checkout, plan changes, the billing portal and the payment provider's webhooks. */
export const BILLING_ERROR_CODES = [
  "billing_unavailable",
  "promotion_code_invalid",
  "already_subscribed",
  "no_subscription",
  /** The account's customer is gone at the provider (deleted there): no portal to open; a new plan makes a new one. */
  "billing_account_missing",
  "team_member",
  "seats_below_members",
  /** Fewer seats than the members plus the pending invitations, each of which keeps a seat for its invitee. */
  "seats_held_by_invitations",
  /** A plan change to the plan, interval and seats the subscription already has: nothing to preview or charge. */
  "no_change",
  "payment_failed",
  "webhook_signature_invalid",
] as const;

/** Saving an assistant. */
export const ASSISTANT_ERROR_CODES = [
  /** Another of the user's assistants (or the built-in one) already has this label. */
  "assistant_label_taken",
] as const;

/** API keys and the public OpenAI-compatible API (issue #19). */
export const API_ERROR_CODES = [
  /** The user already holds MAX_API_KEYS_PER_USER keys. */
  "api_key_limit",
  /** The public API names a model the catalogue (or this deployment) does not have. */
  "model_not_found",
  /** The key owner's plan does not include the model. */
  "model_not_in_plan",
] as const;

/** Teams: seats, invitations, members (issue #18). */
export const TEAM_ERROR_CODES = [
  "not_team_admin",
  "no_free_seat",
  "invitation_invalid",
  "invitation_expired",
  "invitation_used",
  "invitation_wrong_email",
  /** The invitee opened it while in another team: it is closed, and its admin sees why, until a resend. */
  "invitation_declined",
  "own_plan_active",
  /** The admin invited their own address: they hold the admin's seat already. */
  "cannot_invite_self",
  /** The admin named their own user id to remove: they hold the team's seats; cancelling the plan ends the team. */
  "cannot_remove_self",
  /** An admin whose plan ended still has members: they must go before the admin can join another team. */
  "team_has_members",
  "already_in_team",
  "not_team_member",
  "team_unavailable",
] as const;

/** SPEC §8 endings of a generation, carried by the stream's `error` event and the saved message. */
export const STREAM_ERROR_CODES = [
  /** "Model temporarily unavailable, probably an issue with {provider}". */
  "provider_unavailable",
  /** "You have temporarily reached your fair usage limit". */
  "fair_usage_limit",
  /** "Image taking too long: try again later." */
  "image_timeout",
  /** "Image creation error: model temporarily unavailable…" */
  "image_error",
  /** "Unable to process your message" (refused request or an answer we cannot read). */
  "unable_to_process",
  /** A document of the conversation could not be read (scanned, locked, corrupt): "retry in 10 minutes". */
  "document_unprocessable",
  /** A document beyond the pipeline's limits: "too complex and too large to load". */
  "document_too_complex",
  /** Anything else in the document pipeline: "contact support". */
  "document_pipeline_error",
] as const;

export type GenericErrorCode = (typeof GENERIC_ERROR_CODES)[number];
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];
export type OauthErrorCode = (typeof OAUTH_ERROR_CODES)[number];
export type SendErrorCode = (typeof SEND_ERROR_CODES)[number];
export type StreamErrorCode = (typeof STREAM_ERROR_CODES)[number];
export type BillingErrorCode = (typeof BILLING_ERROR_CODES)[number];
export type AssistantErrorCode = (typeof ASSISTANT_ERROR_CODES)[number];
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
export type TeamErrorCode = (typeof TEAM_ERROR_CODES)[number];

export type ErrorCode =
  | GenericErrorCode
  | AccountErrorCode
  | OauthErrorCode
  | SendErrorCode
  | StreamErrorCode
  | BillingErrorCode
  | AssistantErrorCode
  | ApiErrorCode
  | TeamErrorCode;

export const ERROR_CODES: readonly ErrorCode[] = [
  ...new Set<ErrorCode>([
    ...GENERIC_ERROR_CODES,
    ...ACCOUNT_ERROR_CODES,
    ...OAUTH_ERROR_CODES,
    ...SEND_ERROR_CODES,
    ...STREAM_ERROR_CODES,
    ...BILLING_ERROR_CODES,
    ...ASSISTANT_ERROR_CODES,
    ...API_ERROR_CODES,
    ...TEAM_ERROR_CODES,
  ]),
];

const KNOWN = new Set<string>(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === "string" && KNOWN.has(value);

const OAUTH = new Set<string>(OAUTH_ERROR_CODES);
export const isOauthErrorCode = (value: unknown): value is OauthErrorCode =>
  typeof value === "string" && OAUTH.has(value);

/** The field a refusal is about: the path its first detail names ("currentPassword", "emails.2"), or null. */
export function refusedPath(details: unknown): string | null {
  const first: unknown = Array.isArray(details) ? details[0] : null;
  return first && typeof first === "object" && "path" in first && typeof first.path === "string"
    ? first.path
    : null;
}

/** The body of every failing API answer. */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}
