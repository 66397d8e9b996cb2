// The Switchboard logo, inline: an <img> of an SVG file is a document of its own, which the browser loads,
// lays out and rasterises apart from the page (two of the three a chat screen's start-up made were the logo).
import source from "../../public/icons/logo.svg?raw";
import { svgParts } from "../../src/domain/inline-svg";

/** public/icons/logo.svg's frame and drawing (the same file makes the favicon and the app icons). */
const { viewBox, drawing } = svgParts(source);

export function Logo({ size }: { size: number }) {
  return (
    <svg
      className="logo"
      viewBox={viewBox}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own file, read at build time; no input reaches it.
      dangerouslySetInnerHTML={{ __html: drawing }}
    />
  );
}
