// The sentences a quota or fair-usage refusal adds to its notice: what ran out, when sending works again, and
// which free model still answers meanwhile.
import type { SendFailure } from "../../src/domain/chat/send-failure";
import { modelByKey } from "../../src/domain/models";
import { USAGE_WINDOW_SECONDS } from "../../src/domain/usage";
import { useLocale, useT } from "../i18n";
import { formatWait } from "../lib/format-wait";

export function useFailureDetail(): (failure: SendFailure) => string | undefined {
  const t = useT("chat");
  const locale = useLocale();
  return ({ quota, retryAfterSeconds, freeModel }) => {
    const parts: string[] = [];
    if (quota) {
      const window = USAGE_WINDOW_SECONDS[quota.category];
      const category = t(`quota.categories.${quota.category}`);
      parts.push(t("quota.limit", { category, limit: quota.limit, window: formatWait(window, locale) }));
    }
    if (retryAfterSeconds) parts.push(t("quota.wait", { wait: formatWait(retryAfterSeconds, locale) }));
    const free = freeModel ? modelByKey(freeModel)?.label : undefined;
    if (free) parts.push(t("quota.freeModel", { model: free }));
    return parts.length > 0 ? parts.join(" ") : undefined;
  };
}
