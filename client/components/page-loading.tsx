// What shows while a page or its data loads: nothing for a moment, then a quiet spinner, and for a screen
// reader "Loading…".
import { useEffect, useState } from "react";
import { useLazyT } from "../i18n";
import "./page-loading.css";

/** As the spinner appears (page-loading.css): a fast load says nothing, to the eye or the ear. */
const SAY_AFTER_MS = 500;

export function PageLoading() {
  const [long, setLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLong(true), SAY_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  // Lazily: this is the app's first fallback, shown before any namespace may be loaded.
  const t = useLazyT("common", long);
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" />
      {long && t ? <span className="visually-hidden">{t("loading")}</span> : null}
    </div>
  );
}
