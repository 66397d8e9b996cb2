// Web vitals (FCP, LCP, INP, CLS, TTFB) through the web-vitals library, itself loaded only now.
import type { TelemetryItem } from "../../src/domain/monitoring/items";

/** Settles once the library has registered its listeners (or failed to load). */
export function observeVitals(add: (item: TelemetryItem) => void): Promise<void> {
  return import("web-vitals")
    .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
      const record = (metric: { name: string; value: number; rating: TelemetryItem["rating"] }) =>
        add({
          type: "vital",
          name: metric.name,
          // CLS is a score (keep its decimals); the others are milliseconds.
          value:
            metric.name === "CLS" ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value),
          rating: metric.rating,
          at: Date.now(),
        });
      for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(record);
    })
    .catch(() => {});
}
