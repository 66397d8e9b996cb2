// An amount the payment provider gives in its smallest unit (cents), shown in the reader's locale.

/** Stripe's zero-decimal currencies: their amounts are already whole units, not hundredths. */
const ZERO_DECIMAL = new Set("bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf".split(" "));
/** Stripe's three-decimal currencies: thousandths. */
const THREE_DECIMAL = new Set("bhd jod kwd omr tnd".split(" "));

const formatters = new Map<string, Intl.NumberFormat>();

/** "€20.00", "20,00 €"…: `minor` of Stripe's `currency` (any case), in the locale's currency style. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const code = currency.toLowerCase();
  const divisor = ZERO_DECIMAL.has(code) ? 1 : THREE_DECIMAL.has(code) ? 1000 : 100;
  const key = `${locale}|${code}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency: code.toUpperCase() });
    formatters.set(key, formatter);
  }
  return formatter.format(minor / divisor);
}
