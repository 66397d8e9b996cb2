// An SVG file's frame and drawing, as the inline logo takes them (src/domain/inline-svg.ts).
import { describe, expect, it } from "vitest";
import { svgParts } from "../../src/domain/inline-svg";

describe("svgParts", () => {
  it.each([
    ['<svg viewBox="0 0 64 64"><rect/></svg>', { viewBox: "0 0 64 64", drawing: "<rect/>" }],
    [
      '\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 12"><g><path d="M1 1"/></g></svg>\n',
      { viewBox: "0 0 24 12", drawing: '<g><path d="M1 1"/></g>' },
    ],
    ["<svg><circle r='1'/></svg>", { viewBox: undefined, drawing: "<circle r='1'/>" }],
  ])("%s", (source, parts) => {
    expect(svgParts(source)).toEqual(parts);
  });
});
