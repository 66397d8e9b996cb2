// The logo is drawn inline: the first frame's (scripts/lib/boot-shell.ts) is the app's (client/components/logo.tsx).
import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Logo } from "../../client/components/logo";
import { inlineLogo } from "../../scripts/lib/boot-shell.ts";

const file = readFileSync(new URL("../../public/icons/logo.svg", import.meta.url), "utf8");

describe("the inline logo", () => {
  it.each([22, 30, 48])("is the same markup in the first frame and in the app, at %i px", (size) => {
    expect(inlineLogo(size)).toBe(renderToStaticMarkup(createElement(Logo, { size })));
  });

  it("draws public/icons/logo.svg, hidden from assistive technology, at the size asked", () => {
    const svg = inlineLogo(48);
    const drawing = file.slice(file.indexOf(">") + 1, file.lastIndexOf("</svg>"));
    expect(drawing).toContain("<rect");
    expect(svg).toContain(drawing);
    expect(svg).toMatch(/^<svg class="logo" viewBox="0 0 64 64" width="48" height="48" aria-hidden="true"/);
    expect(svg.endsWith("</svg>")).toBe(true);
  });
});
