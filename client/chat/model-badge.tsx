// A model's icon (light and dark variants, the theme shows one), its label, and the mark of a local stand-in.
import { isDemoModel, modelByKey } from "../../src/domain/models";
import { useUser } from "../hooks/use-user";
import { useT } from "../i18n";

export function ModelIcon({ modelKey, size = 20 }: { modelKey: string | null; size?: number }) {
  const model = modelKey ? modelByKey(modelKey) : undefined;
  if (!model)
    return (
      <span className="model-icon placeholder" style={{ width: size, height: size }} aria-hidden="true" />
    );
  return (
    <span className="model-icon" aria-hidden="true">
      <img className="icon-light" src={model.icon} alt="" width={size} height={size} loading="lazy" />
      <img className="icon-dark" src={model.darkIcon} alt="" width={size} height={size} loading="lazy" />
    </span>
  );
}

export const modelLabel = (modelKey: string | null): string =>
  (modelKey ? modelByKey(modelKey)?.label : undefined) ?? modelKey ?? "";

/**
 * "demo" beside a model whose provider is played by a local protocol server (`npm run dev` without its
 * key): discreet, but nobody takes its answers for the real model's. Never shown in production.
 */
export function DemoTag({ modelKey }: { modelKey: string | null }) {
  const t = useT("chat");
  const user = useUser();
  if (!isDemoModel(modelKey, user?.models)) return null;
  return (
    <span className="demo-tag" data-testid="demo-tag" title={t("picker.demoHint")}>
      {t("picker.demo")}
    </span>
  );
}
