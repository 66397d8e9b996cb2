// A model's icon (light and dark variants, the theme shows one) and label.
import { modelByKey } from "../../src/domain/models";

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
