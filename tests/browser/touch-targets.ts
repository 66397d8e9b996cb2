// WCAG 2.5.8 (target size, minimum): the controls inside a region whose target is under 24 × 24 px. A checkbox's
// or radio's target is its box with its label (which toggles it too); a link inside a sentence is exempt.
import type { Locator } from "playwright-core";

/** The minimum side of a target, in CSS pixels. */
export const TARGET_MIN = 24;

/** Each too-small control of the region, as "tag "name" width×height". */
export const smallTargets = (region: Locator): Promise<string[]> =>
  region.evaluate((root, min) => {
    const controls = root.querySelectorAll<HTMLElement>(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=menuitem], [role=checkbox], [role=radio]",
    );
    const found: string[] = [];
    for (const control of controls) {
      const own = control.getBoundingClientRect();
      if (own.width === 0 || own.height === 0 || getComputedStyle(control).visibility === "hidden") continue;
      // A link in running text: its height is the line's (WCAG's inline exception).
      const inText =
        control instanceof HTMLAnchorElement &&
        getComputedStyle(control).display === "inline" &&
        [...(control.parentNode?.childNodes ?? [])].some(
          (node) => node !== control && node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        );
      if (inText) continue;
      const label = control instanceof HTMLInputElement ? control.labels?.[0] : undefined;
      const box = label ? label.getBoundingClientRect() : own;
      const width = Math.max(box.right, own.right) - Math.min(box.left, own.left);
      const height = Math.max(box.bottom, own.bottom) - Math.min(box.top, own.top);
      if (width < min || height < min) {
        const name = control.getAttribute("aria-label") ?? label?.textContent ?? control.textContent ?? "";
        found.push(
          `${control.tagName.toLowerCase()} "${name.trim().slice(0, 40)}" ${width.toFixed(1)}×${height.toFixed(1)}`,
        );
      }
    }
    return found;
  }, TARGET_MIN);
