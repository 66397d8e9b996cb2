// An SVG file drawn inline: its frame and its drawing, for the app's logo and the first frame's (the build's).

/** The `viewBox` and the markup inside `<svg>` of an SVG file's source. */
export function svgParts(source: string): { viewBox: string | undefined; drawing: string } {
  return {
    viewBox: /viewBox="([^"]+)"/.exec(source)?.[1],
    drawing: source.replace(/^\s*<svg[^>]*>|<\/svg>\s*$/g, ""),
  };
}
