// Amounts in the smallest currency unit, formatted the way Stripe's pages show them.

export function fractionDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

export function formatMoney(amount: number, currency: string): string {
  const digits = fractionDigits(currency);
  const value = amount / 10 ** digits;
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
      value,
    );
  } catch {
    return `${value.toFixed(digits)} ${currency.toUpperCase()}`;
  }
}
