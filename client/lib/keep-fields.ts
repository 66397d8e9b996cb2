// What a person typed survives a change of language: the new locale remounts the router (client/app.tsx: a new
// basename), and with it every form, which came back empty (an email and a message half written on the contact
// page). The values of the text fields with an id are taken before and put back into the same fields after.

/** How long the new screen may take to show its fields. */
const REMOUNT_WAIT_MS = 5_000;

const TEXT_LIKE = new Set(["text", "email", "password", "search", "tel", "url", "number"]);

type TextField = HTMLInputElement | HTMLTextAreaElement;

const isTextField = (element: Element): element is TextField =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && TEXT_LIKE.has(element.type));

/**
 * Sets a field's value as typing would: through the element's own setter (React tracks the one it defined on
 * the instance) and an input event, so the form's state takes it.
 */
function typeInto(field: TextField, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/** Takes the typed values now; puts each back into the field of the same id once the old one is gone. */
export function keepFieldsAcrossRemount(root: ParentNode = document): void {
  const held = new Map<string, { field: TextField; value: string }>();
  for (const element of root.querySelectorAll("input[id], textarea[id]")) {
    if (isTextField(element) && element.value !== "" && !element.readOnly) {
      held.set(element.id, { field: element, value: element.value });
    }
  }
  if (held.size === 0) return;
  const restore = () => {
    for (const [id, { field, value }] of held) {
      if (field.isConnected) continue;
      const twin = document.getElementById(id);
      if (!twin || !isTextField(twin)) continue;
      held.delete(id);
      if (twin.value === "") typeInto(twin, value);
    }
    if (held.size === 0) stop();
  };
  const observer = new MutationObserver(restore);
  const timer = setTimeout(() => stop(), REMOUNT_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}
