// Applies the colour mode before the first paint (the CSP forbids inline scripts); client/lib/theme.ts
// takes over once the app runs. Mirrors src/domain/color-mode.ts and the "light" pages of
// src/domain/app-routes.ts; tests/domain/theme-boot.test.ts checks that they agree.
(() => {
  var LIGHT_PAGES = ["/", "/login", "/contact", "/pricing", "/ToU", "/legalNotice", "/verification"];
  var PREFIXED_LOCALES = ["fr", "it", "es", "de", "pt", "pl", "ca", "ro"];
  var preference = "system";
  var stored = null;
  var versioned = false;
  try {
    stored = localStorage.getItem("color-mode");
    versioned = localStorage.getItem("color-mode-version") !== null;
  } catch (_) {
    // Storage refused: system it is.
  }
  // A preference without a version marker predates it and counts as system (SPEC §3).
  if (versioned && (stored === "light" || stored === "dark")) preference = stored;
  var segments = location.pathname.split("/");
  if (PREFIXED_LOCALES.indexOf(segments[1]) >= 0) segments.splice(1, 1);
  var path = segments.join("/") || "/";
  if (path.length > 1 && path.charAt(path.length - 1) === "/") path = path.slice(0, -1);
  var dark =
    LIGHT_PAGES.indexOf(path) < 0 &&
    (preference === "dark" ||
      (preference === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches));
  var root = document.documentElement;
  root.setAttribute("data-theme", dark ? "dark" : "light");
  root.style.colorScheme = dark ? "dark" : "light";
})();
