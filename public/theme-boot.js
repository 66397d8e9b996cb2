// Applies the colour mode before the first paint (the CSP forbids inline scripts); client/lib/theme.ts
// takes over once the app runs. Mirrors src/domain/color-mode.ts and the "light" pages of
// src/domain/app-routes.ts; tests/domain/theme-boot.test.ts checks that they agree.
// Then preloads the first screen's code and styles and starts its first reads, which the build lists per
// page in <meta name="route-preload"> (scripts/lib/route-chunks.ts): they happen while the entry script
// downloads rather than once it has run.
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

  var meta = document.querySelector ? document.querySelector('meta[name="route-preload"]') : null;
  if (!meta) return;
  try {
    var plan = JSON.parse(meta.getAttribute("content"));
    for (var i = 0; i < plan.routes.length; i++) {
      var match = new RegExp(plan.routes[i][0]).exec(path);
      if (!match) continue;
      // The page's first reads (taken over by client/lib/early.ts), first: the server takes longest.
      var params = match.groups || {};
      var fill = (text) => text.replace(/\{(\w+)\}/g, (_, name) => params[name]);
      var reads = plan.routes[i][2];
      var started = [];
      for (var k = 0; k < reads.length; k++) {
        var url = fill(reads[k][0]);
        var body = reads[k][1] === undefined ? undefined : fill(reads[k][1]);
        var init =
          body === undefined
            ? { credentials: "same-origin" }
            : {
                method: "POST",
                body: body,
                headers: { "Content-Type": "application/json" },
                credentials: "same-origin",
              };
        var response = fetch(url, init);
        response.catch(() => {});
        started.push({ url: url, body: body, at: performance.now(), response: response });
      }
      window.__earlyReads = started;
      var files = plan.lists[plan.routes[i][1]];
      for (var j = 0; j < files.length; j++) {
        var link = document.createElement("link");
        var style = /\.css$/.test(files[j]);
        // As the entry's own loader asks for them, so that it finds them here.
        link.rel = style ? "preload" : "modulepreload";
        if (style) link.as = "style";
        link.crossOrigin = "";
        link.href = files[j];
        document.head.appendChild(link);
      }
      return;
    }
  } catch (_) {
    // Only a head start: the entry script asks for the same files and data.
  }
})();
