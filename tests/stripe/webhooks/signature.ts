// The `Stripe-Signature` header exactly as Stripe computes it: t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">.
import { createHmac } from "node:crypto";

export function signatureHeader(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}
