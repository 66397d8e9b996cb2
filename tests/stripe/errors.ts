// Errors in Stripe's wire format (`{ error: { type, code, message, param, doc_url, decline_code } }`).

export interface StripeErrorBody {
  type: "invalid_request_error" | "card_error" | "idempotency_error" | "api_error";
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
  decline_code?: string;
  charge?: string;
  request_log_url?: string;
}

/** Thrown by handlers; the router turns it into the HTTP answer. */
export class StripeApiError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;
  constructor(status: number, body: StripeErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`;

export function invalidRequest(message: string, param?: string, code?: string, status = 400): StripeApiError {
  return new StripeApiError(status, {
    type: "invalid_request_error",
    message,
    ...(code ? { code, doc_url: docUrl(code) } : {}),
    ...(param ? { param } : {}),
  });
}

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, param, "parameter_missing");

export const unknownParam = (param: string) =>
  invalidRequest(`Received unknown parameter: ${param}`, param, "parameter_unknown");

/** A param Stripe knows but this local server does not implement: say so instead of ignoring it. */
export const unsupportedParam = (param: string) =>
  invalidRequest(
    `Received parameter ${param}, which the local Stripe server (tests/stripe) does not implement.`,
    param,
    "parameter_unknown",
  );

/** `No such customer: 'cus_123'` with `code: resource_missing`, as Stripe answers unknown ids. */
export const noSuch = (kind: string, id: string, param = "id") =>
  invalidRequest(`No such ${kind}: '${id}'`, param, "resource_missing", 404);

export interface Decline {
  code: string;
  declineCode: string;
  message: string;
}

/** Stripe's test cards and what they say when they fail. */
export const DECLINES: Record<string, Decline> = {
  generic_decline: {
    code: "card_declined",
    declineCode: "generic_decline",
    message: "Your card was declined.",
  },
  insufficient_funds: {
    code: "card_declined",
    declineCode: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  lost_card: { code: "card_declined", declineCode: "lost_card", message: "Your card was declined." },
  stolen_card: { code: "card_declined", declineCode: "stolen_card", message: "Your card was declined." },
  expired_card: { code: "expired_card", declineCode: "expired_card", message: "Your card has expired." },
  incorrect_cvc: {
    code: "incorrect_cvc",
    declineCode: "incorrect_cvc",
    message: "Your card's security code is incorrect.",
  },
  processing_error: {
    code: "processing_error",
    declineCode: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
};

export function declineFor(code: string): Decline {
  return DECLINES[code] ?? { code: "card_declined", declineCode: code, message: "Your card was declined." };
}

export function cardError(decline: Decline, charge?: string): StripeApiError {
  return new StripeApiError(402, {
    type: "card_error",
    code: decline.code,
    decline_code: decline.declineCode,
    message: decline.message,
    doc_url: docUrl(decline.code),
    ...(charge ? { charge } : {}),
  });
}
