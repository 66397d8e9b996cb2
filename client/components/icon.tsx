// The app's line icons, the chat screen's included (24×24, stroked with the current colour). One table
// (src/domain/icon-paths.ts): the home page draws none, and the chat's icons cost the other pages of the full
// app about 0.25 KB gzip.
import { ICON_PATHS, type IconName } from "../../src/domain/icon-paths";

export type { IconName };

/** Shapes drawn solid rather than outlined. */
const FILLED: ReadonlySet<IconName> = new Set(["stop"]);

export function Icon({ name, className, size = 20 }: { name: IconName; className?: string; size?: number }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={FILLED.has(name) ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
