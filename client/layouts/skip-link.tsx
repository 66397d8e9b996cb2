// "Skip to content": the focus goes into the screen's main region, not only the view. A plain jump to #main
// scrolled there but left the focus on <body>, and the next Tab started again from the top of the page.
import type { ReactNode } from "react";
import { focusMain } from "../lib/use-lost-focus-to-main";

export function SkipLink({ inert, children }: { inert?: boolean; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useValidAnchor: a link to #main all the same (without script it jumps there); the click only adds the focus.
    <a
      className="skip-link"
      href="#main"
      inert={inert}
      onClick={(event) => {
        const main = document.getElementById("main");
        // No main region yet (its screen still loading): the browser's own jump, for what it is worth.
        if (!main) return;
        event.preventDefault();
        focusMain(main);
      }}
    >
      {children}
    </a>
  );
}
