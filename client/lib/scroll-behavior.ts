// How a scroll the app starts should move: smoothly, unless the person asked their system for less motion.
const reducedMotion = () =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Asked at each scroll, not once: the setting can change while the page is open. */
export function smoothScroll(): ScrollBehavior {
  return reducedMotion() ? "auto" : "smooth";
}
