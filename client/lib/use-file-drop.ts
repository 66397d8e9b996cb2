// Files dragged over the page: whether some are (for a drop hint), and where a drop goes. A file dropped
// where it is not taken is stopped too: the browser would open it in the tab, and the page would be gone.
import { useEffect, useRef, useState } from "react";

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") ?? false;

/**
 * Calls `onDrop` with the files dropped where `takes` says (anywhere by default); returns whether files are
 * being dragged over the page.
 */
export function useFileDrop(
  onDrop: (files: File[]) => void,
  takes: (event: DragEvent) => boolean = () => true,
): boolean {
  const [dragging, setDragging] = useState(false);
  // The latest callbacks, without adding the document's listeners again on every render.
  const latest = useRef({ onDrop, takes });
  latest.current = { onDrop, takes };
  useEffect(() => {
    // dragenter and dragleave come for every element crossed: the drag is over once they balance.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = latest.current.takes(event) ? "copy" : "none";
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      if (latest.current.takes(event)) latest.current.onDrop([...(event.dataTransfer?.files ?? [])]);
    };
    document.addEventListener("dragenter", enter);
    document.addEventListener("dragleave", leave);
    document.addEventListener("dragover", over);
    document.addEventListener("drop", drop);
    return () => {
      document.removeEventListener("dragenter", enter);
      document.removeEventListener("dragleave", leave);
      document.removeEventListener("dragover", over);
      document.removeEventListener("drop", drop);
    };
  }, []);
  return dragging;
}
