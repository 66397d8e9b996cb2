// The model picker's popup closes when a press or the focus goes outside it; the window losing the focus does
// not close it (another window, and the focus comes back to the search field). Tab off its end: picker-keys.ts.
import { type RefObject, useEffect } from "react";

export function usePickerDismiss({
  open,
  close,
  root,
  popup,
}: {
  open: boolean;
  close(): void;
  /** The picker, button included: a press on the button is the button's to handle. */
  root: RefObject<HTMLElement | null>;
  popup: RefObject<HTMLElement | null>;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `close` only sets the state to closed, whichever render made it.
  useEffect(() => {
    if (!open) return;
    const onPress = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    // The focus going anywhere outside the popup closes it, the picker's own button included (Shift+Tab).
    const onFocusIn = (event: FocusEvent) => {
      if (!popup.current?.contains(event.target as Node | null)) close();
    };
    document.addEventListener("pointerdown", onPress);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("pointerdown", onPress);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open]);
}
