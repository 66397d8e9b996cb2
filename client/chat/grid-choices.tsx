// Midjourney's buttons under a grid, as Midjourney shows them: a row of upscales (U1–U4), a row of variations (V1–V4).
import {
  type GridChoice,
  pictureOf,
  UPSCALE_CHOICES,
  VARIATION_CHOICES,
} from "../../src/domain/chat/midjourney";
import { useT } from "../i18n";

/** The rows of the buttons `labels` offers (the relay's labels: anything else is not a button here). */
export function GridChoices({
  labels,
  onPress,
}: {
  labels: readonly string[];
  onPress: (choice: GridChoice) => void;
}) {
  const t = useT("chat");
  const upscales = UPSCALE_CHOICES.filter((c) => labels.includes(c));
  const variations = VARIATION_CHOICES.filter((c) => labels.includes(c));
  return (
    <>
      {upscales.length > 0 && (
        <fieldset className="image-choices" aria-label={t("message.upscales")}>
          {upscales.map((choice) => (
            <ChoiceButton
              key={choice}
              choice={choice}
              name={t("message.upscale", { choice })}
              onPress={onPress}
            />
          ))}
        </fieldset>
      )}
      {variations.length > 0 && (
        <fieldset className="image-choices" aria-label={t("message.variations")}>
          {variations.map((choice) => (
            <ChoiceButton
              key={choice}
              choice={choice}
              // The name says which picture ("V2" alone says little), and keeps the label a voice user reads.
              name={t("message.vary", { choice, n: pictureOf(choice) })}
              onPress={onPress}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}

function ChoiceButton({
  choice,
  name,
  onPress,
}: {
  choice: GridChoice;
  name: string;
  onPress: (choice: GridChoice) => void;
}) {
  return (
    <button
      type="button"
      className="button small secondary"
      title={name}
      aria-label={name}
      onClick={() => onPress(choice)}
    >
      {choice}
    </button>
  );
}
