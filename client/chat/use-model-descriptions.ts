// The model picker's descriptions in the reader's language: the `models` catalogue, loaded when the picker is
// about to open (not with the chat screen), English (the model catalogue's own words) until it is here.
import { descriptionKey } from "../../src/domain/models/description-keys";
import { useLazyT, useLocale } from "../i18n";

/** `wanted`: the picker is open or about to be (pointer over it, focus on it). */
export function useModelDescriptions(
  wanted: boolean,
): (model: { key: string; description: string }) => string {
  const english = useLocale() === "en";
  const t = useLazyT("models", wanted && !english);
  return (model) => {
    const key = descriptionKey(model.key);
    const text = t && !english ? t(key) : key;
    // The resolver answers the key itself for a text it does not have.
    return text === key ? model.description : text;
  };
}
