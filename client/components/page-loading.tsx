// What shows while a page or its data loads: nothing for a moment, then a quiet spinner.
import "./page-loading.css";

export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" />
    </div>
  );
}
