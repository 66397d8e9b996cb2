// The Switchboard logo, inline: an <img> of an SVG file is a document of its own, which the browser loads,
// lays out and rasterises apart from the page (two of the three a chat screen's start-up made were the logo).
import source from "../../public/icons/logo.svg?raw";

/** public/icons/logo.svg's drawing (the same file makes the favicon and the app icons). */
const drawing = source.replace(/^\s*<svg[^>]*>|<\/svg>\s*$/g, "");

export function Logo({ size }: { size: number }) {
  return (
    <svg
      className="logo"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own file, read at build time; no input reaches it.
      dangerouslySetInnerHTML={{ __html: drawing }}
    />
  );
}
