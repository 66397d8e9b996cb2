// Drives the hosted pages over plain HTTP (what a person does in the browser), for Node tests.

export interface PageResult {
  status: number;
  /** The redirect target (303) or null. */
  location: string | null;
  html: string;
}

async function send(url: string, form?: Record<string, string>): Promise<PageResult> {
  const res = await fetch(url, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

export const openPage = (url: string) => send(url);

/** Submits the Checkout page's card form (4242… by default; `decline: true` presses "Pay with a declined card"). */
export function payCheckout(
  checkoutUrl: string,
  input: {
    email?: string;
    cardNumber?: string;
    expiry?: string;
    cvc?: string;
    name?: string;
    decline?: boolean;
  } = {},
): Promise<PageResult> {
  return send(checkoutUrl, {
    email: input.email ?? "",
    card_number: input.cardNumber ?? "4242 4242 4242 4242",
    card_expiry: input.expiry ?? "12 / 34",
    card_cvc: input.cvc ?? "123",
    name: input.name ?? "",
    action: input.decline ? "decline" : "pay",
  });
}

/** Applies (or removes, with `null`) a promotion code on the Checkout page. */
export function applyPromotionCode(checkoutUrl: string, code: string | null): Promise<PageResult> {
  return send(`${checkoutUrl}/promo`, code === null ? { action: "remove" } : { action: "apply", code });
}

/** Presses a portal button: cancel (at period end), renew, cancel-now, payment-method, pay, update. */
export function portalAction(
  portalUrl: string,
  action: "cancel" | "renew" | "cancel-now" | "payment-method" | "pay" | "update",
  form: Record<string, string> = {},
): Promise<PageResult> {
  return send(`${portalUrl}/${action}`, form);
}

/** The confirm page of a plan/seat change (its "Amount due today"). */
export function reviewPortalChange(
  portalUrl: string,
  change: { subscription: string; price: string; quantity: number },
): Promise<PageResult> {
  const query = new URLSearchParams({ ...change, quantity: String(change.quantity) });
  return send(`${portalUrl}/update?${query}`);
}

/** Text of the element with this `data-testid` (first match), tags stripped. */
export function testId(html: string, id: string): string | null {
  const match = new RegExp(`data-testid="${id}"[^>]*>([\\s\\S]*?)</`).exec(html);
  return match
    ? (match[1] as string)
        .replace(/<[^>]+>/g, "")
        .replace(/\s+/g, " ")
        .trim()
    : null;
}

/** Decodes the few HTML entities the pages use. */
export function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ");
}
