// An assistant's face: its icon on its palette colour (SPEC §3 image and prop), or the bot icon without one.
import { colorOf } from "../../src/domain/assistants";
import { Icon } from "./icon";
import "./assistant-avatar.css";

export function AssistantAvatar({
  image,
  prop,
  size = 22,
}: {
  image: string | null | undefined;
  prop: string | null | undefined;
  size?: number;
}) {
  return (
    <span
      className="assistant-avatar"
      aria-hidden="true"
      data-color={prop ?? undefined}
      style={{ width: size, height: size, fontSize: size * 0.6, background: colorOf(prop) }}
    >
      {image ? image : <Icon name="bot" size={Math.round(size * 0.7)} />}
    </span>
  );
}
