// KaTeX's stylesheet cut to a page's formulas (src/domain/used-css.ts, the shared page and an open chat's first
// frame) lays every one of them out exactly as the whole stylesheet does, KaTeX's own fonts loaded.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import katex from "katex";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usedRules } from "../../src/domain/used-css";
import { launchBrowser } from "./browser";

const DIST = join(process.cwd(), "node_modules/katex/dist");
const SHEET = readFileSync(join(DIST, "katex.min.css"), "utf8");

/** What answers write: fractions, roots, big operators, matrices, accents, fonts, sizes, colours, arrows… */
const FORMULAS = [
  "\\frac{a+b}{c-d} = \\dfrac{1}{2} + \\tfrac{3}{4}",
  "\\sqrt{x^2+1} + \\sqrt[3]{y} \\neq \\sqrt[n]{z_{i,j}}",
  "\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}, \\quad \\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt\\pi}{2}",
  "\\prod_{p} \\frac{1}{1-p^{-s}} = \\zeta(s) \\qquad \\lim_{x\\to 0} \\frac{\\sin x}{x} = 1",
  "\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix} \\begin{bmatrix} a \\\\ b \\end{bmatrix} \\begin{vmatrix} x & y \\\\ z & w \\end{vmatrix}",
  "f(x) = \\begin{cases} x^2 & x \\ge 0 \\\\ -x & \\text{otherwise} \\end{cases}",
  "\\begin{aligned} a &= b + c \\\\ &= d \\end{aligned}",
  "\\hat{x} \\vec{v} \\widehat{ABC} \\overline{z} \\underline{w} \\tilde{n} \\dot{q} \\ddot{r} \\bar{s}",
  "\\overbrace{a+\\cdots+a}^{n} \\underbrace{b+\\cdots+b}_{m} \\overrightarrow{AB}",
  "\\mathbb{R}^n \\mathcal{L} \\mathfrak{g} \\mathscr{H} \\mathrm{d}x \\mathbf{v} \\mathit{it} \\mathsf{sf} \\mathtt{tt}",
  "\\text{text with } \\textbf{bold} \\textit{italic} \\operatorname{argmax}_x f(x)",
  "\\color{red}{x} + \\textcolor{blue}{y} = \\boxed{z} \\fbox{box}",
  "\\big( \\Big[ \\bigg\\{ \\Bigg\\langle x \\Bigg\\rangle \\bigg\\} \\Big] \\big) \\left( \\frac{a}{b} \\right)",
  "\\binom{n}{k} \\tbinom{a}{b} \\xrightarrow[below]{above} \\Leftrightarrow \\mapsto \\hookrightarrow",
  "{\\tiny a}{\\small b}{\\large c}{\\Large d}{\\huge e}{\\Huge f} \\scriptstyle g \\displaystyle \\sum x",
  "\\cancel{x} \\bcancel{y} \\sout{z} \\phantom{w} \\stackrel{!}{=} \\overset{def}{=} \\underset{k}{\\max}",
  "\\alpha\\beta\\gamma\\Gamma\\Delta\\epsilon\\varepsilon\\theta\\vartheta\\lambda\\Omega\\aleph\\hbar\\ell\\partial\\nabla\\infty",
  "x \\in A \\cap B \\subseteq C \\cup D, \\forall \\varepsilon > 0 \\, \\exists \\delta: |x| < \\delta \\implies \\neg p",
  "a \\pmod{n} \\equiv b \\bmod m, \\quad \\lfloor x \\rfloor \\lceil y \\rceil \\| v \\| \\langle u, v \\rangle",
  "e^{i\\pi} + 1 = 0 \\tag{1}",
];

/** A page of the formulas (display and inline) under the given stylesheet, KaTeX's fonts served beside it. */
function pageOf(css: string, markup: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body style="width:720px">${markup}</body></html>`;
}

async function boxesUnder(page: Page, css: string, markup: string): Promise<string[]> {
  await page.unrouteAll();
  await page.route("http://katex.test/**", async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === "/") return route.fulfill({ contentType: "text/html", body: pageOf(css, markup) });
    return route.fulfill({ path: join(DIST, path) });
  });
  await page.goto("http://katex.test/");
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() =>
    [...document.querySelectorAll(".katex, .katex *, .katex-display")].map((el) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return `${el.tagName} ${[r.x, r.y, r.width, r.height].map((v) => v.toFixed(2)).join(" ")} ${style.fontFamily} ${style.color}`;
    }),
  );
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("KaTeX's stylesheet cut to the page's formulas", () => {
  it.each([
    ["displayed", true],
    ["inline in a line of text", false],
  ])("lays out every formula, %s, as the whole stylesheet does", async (_label, displayMode) => {
    const markup = FORMULAS.map(
      (formula) =>
        `<p>Before ${katex.renderToString(formula, { displayMode, throwOnError: false })} after.</p>`,
    ).join("");
    const cut = usedRules(SHEET, markup);
    // It did cut: most of the sheet (the rules and fonts of classes these formulas never use) is gone.
    expect(cut.length).toBeLessThan(SHEET.length * 0.6);
    const page = await browser.newPage();
    try {
      const whole = await boxesUnder(page, SHEET, markup);
      expect(whole.length).toBeGreaterThan(1000);
      expect(await boxesUnder(page, cut, markup)).toEqual(whole);
    } finally {
      await page.close();
    }
  });
});
