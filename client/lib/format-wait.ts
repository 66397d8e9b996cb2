// A server's Retry-After in words in the page's language: "45 seconds", "3 minutes", "11 hours" (the API's units).
import { waitUnit } from "../../src/domain/throttle";

export function formatWait(seconds: number, locale: string): string {
  const { value, unit } = waitUnit(seconds);
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(value);
}
