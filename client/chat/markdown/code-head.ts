// A code block's header as the app shows it: the language (or the reader's word for code) and a "Copy code"
// button. The renderer writes it (render-block.ts), and the answers kept from an open chat's first frame get it
// in place of the Worker's (frame-answers.ts).

/** Built as DOM, so its texts are text whatever they hold; the renderer takes its HTML. */
export function codeHead(name: string, copyLabel: string): HTMLDivElement {
  const head = document.createElement("div");
  head.className = "code-head";
  head.setAttribute("data-copy-skip", "");
  const language = document.createElement("span");
  language.className = "code-lang";
  language.textContent = name;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "code-copy";
  button.setAttribute("data-code-copy", "");
  button.textContent = copyLabel;
  head.appendChild(language);
  head.appendChild(button);
  return head;
}
