// WCAG 2 contrast of what the browser paints: an element's text colour (or a pseudo-element's, such as
// ::placeholder) against the backgrounds showing through behind it, all from getComputedStyle.
import type { Locator } from "playwright-core";

/** WCAG AA for ordinary text. */
export const AA = 4.5;

export interface Contrast {
  /** What was measured: the element's text, cut short. */
  text: string;
  ratio: number;
}

/**
 * The contrast ratio of each matched element's text (or, with `border`, its top border) against its backdrop:
 * the background colours showing through behind it — its own and its ancestors' for text, from its parent
 * outwards for a border — composited from the first opaque one outwards (white when none is).
 */
const measure = (locator: Locator, pseudo: string | null, border: boolean): Promise<Contrast[]> =>
  locator.evaluateAll(
    (elements, [pseudoElement, ofBorder]) => {
      // Any CSS colour (rgb(), color-mix(), color(srgb …)) to sRGB 0–255 and alpha 0–1, as a canvas paints it.
      const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
      if (!canvas) throw new Error("no 2d canvas");
      const rgba = (css: string): [number, number, number, number] => {
        canvas.clearRect(0, 0, 1, 1);
        canvas.fillStyle = css;
        canvas.fillRect(0, 0, 1, 1);
        const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data;
        return [r, g, b, a / 255];
      };
      const over = (top: number[], bottom: number[]) =>
        [0, 1, 2].map((i) => (top[i] ?? 0) * (top[3] ?? 1) + (bottom[i] ?? 0) * (1 - (top[3] ?? 1)));
      const luminance = (rgb: number[]) => {
        const [r = 0, g = 0, b = 0] = rgb.map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      return elements.map((el) => {
        const layers: number[][] = [];
        for (let node: Element | null = ofBorder ? el.parentElement : el; node; node = node.parentElement) {
          const layer = rgba(getComputedStyle(node).backgroundColor);
          if ((layer[3] ?? 0) > 0) layers.push(layer);
          if (layer[3] === 1) break;
        }
        let backdrop = [255, 255, 255];
        for (const layer of layers.reverse()) backdrop = over(layer, backdrop);
        const style = getComputedStyle(el, ofBorder ? null : pseudoElement);
        const front = over(rgba(ofBorder ? style.borderTopColor : style.color), backdrop);
        const [light, dark] = [luminance(front), luminance(backdrop)].sort((a, b) => b - a);
        const label =
          pseudoElement === "::placeholder" ? (el.getAttribute("placeholder") ?? "") : (el.textContent ?? "");
        return {
          text: label.trim().slice(0, 40),
          // Cut, not rounded: 4.495 is not 4.5.
          ratio: Math.floor((((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)) * 100) / 100,
        };
      });
    },
    [pseudo, border] as const,
  );

/** The contrast ratio of each matched element's text (or a pseudo-element's, such as ::placeholder). */
export const contrastsOf = (locator: Locator, pseudo?: string): Promise<Contrast[]> =>
  measure(locator, pseudo ?? null, false);

/** The elements whose text falls short of AA, with their ratios: [] when all pass. */
export const belowAA = (found: Contrast[]): Contrast[] => found.filter((c) => c.ratio < AA);

/**
 * The contrast ratio of the element's border colour (top edge) against what lies around it, its parent's
 * backdrop. WCAG 2.4.13 / 1.4.11 ask 3:1 of a focus indicator.
 */
export const borderContrastOf = async (locator: Locator): Promise<number> =>
  (await measure(locator, null, true))[0]?.ratio ?? 0;
