// SPEC §9 copy handling: a copy in the app puts a cleaned selection on the clipboard, as HTML and as plain
// text — without buttons, thinking and web-search blocks or background colours; math as its TeX in the text.
import { COPY_REMOVED_SELECTOR, copyMode } from "../../src/domain/chat/copy-rules";

const isTextField = (node: EventTarget | null): node is HTMLInputElement | HTMLTextAreaElement =>
  node instanceof HTMLTextAreaElement ||
  (node instanceof HTMLInputElement && /^(text|search|url|tel|email|password)$/.test(node.type));

function fieldSelection(field: HTMLInputElement | HTMLTextAreaElement): string {
  const start = field.selectionStart ?? 0;
  const end = field.selectionEnd ?? 0;
  return field.value.slice(start, end);
}

/** The selection as a detached tree, cleaned. */
function cleanedSelection(selection: Selection): HTMLElement {
  const container = document.createElement("div");
  for (let i = 0; i < selection.rangeCount; i++)
    container.appendChild(selection.getRangeAt(i).cloneContents());
  for (const node of container.querySelectorAll(COPY_REMOVED_SELECTOR)) node.remove();
  for (const node of container.querySelectorAll<HTMLElement>("[style]")) {
    node.style.removeProperty("background");
    node.style.removeProperty("background-color");
    if (!node.getAttribute("style")?.trim()) node.removeAttribute("style");
  }
  // Typeset math travels as MathML, which editors understand, rather than KaTeX's styled spans.
  for (const math of container.querySelectorAll(".katex")) {
    const mathml = math.querySelector("math");
    if (mathml) math.replaceWith(mathml);
  }
  return container;
}

/** Plain text as the reader sees it (line breaks included), with TeX standing in for typeset math. */
function plainTextOf(container: HTMLElement): string {
  const copy = container.cloneNode(true) as HTMLElement;
  for (const math of copy.querySelectorAll("math")) {
    const tex =
      math.querySelector('annotation[encoding="application/x-tex"]')?.textContent ?? math.textContent ?? "";
    const display = math.getAttribute("display") === "block";
    math.replaceWith(document.createTextNode(display ? `$$${tex}$$` : `$${tex}$`));
  }
  // innerText needs layout: measure offscreen, then let go.
  copy.style.cssText = "position:fixed;left:-99999px;top:0;white-space:normal;";
  document.body.appendChild(copy);
  // biome-ignore lint/performance/useDomNodeTextContent: innerText keeps the line breaks a reader sees.
  const text = copy.innerText;
  copy.remove();
  return text.replace(/\n{3,}/g, "\n\n").trim();
}

export function handleCopy(event: ClipboardEvent): void {
  const selection = document.getSelection();
  // A copy from a focused field targets the field; one from the page targets the selection's element.
  const target = event.target;
  const inTextField = isTextField(target);
  const selectionEmpty = inTextField
    ? fieldSelection(target).length === 0
    : !selection || selection.isCollapsed;
  const mode = copyMode({ userAgent: navigator.userAgent, selectionEmpty, inTextField });
  if (mode === "native" || !event.clipboardData) return;
  if (mode === "plain" && inTextField) {
    event.clipboardData.setData("text/plain", fieldSelection(target));
    event.preventDefault();
    return;
  }
  if (!selection) return;
  const cleaned = cleanedSelection(selection);
  event.clipboardData.setData("text/html", cleaned.innerHTML);
  event.clipboardData.setData("text/plain", plainTextOf(cleaned));
  event.preventDefault();
}

/** Installs the handler while a screen that wants it is mounted. */
export function installCopyHandling(): () => void {
  document.addEventListener("copy", handleCopy);
  return () => document.removeEventListener("copy", handleCopy);
}
