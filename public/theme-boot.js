// Applies the colour mode before the first paint (the CSP forbids inline scripts); client/lib/theme.ts
// takes over once the app runs. Mirrors src/domain/color-mode.ts and the "light" pages of
// src/domain/app-routes.ts; tests/domain/theme-boot.test.ts checks that they agree.
// Then starts the first screen's first reads and preloads its code, styles and texts (unless the Worker
// wrote the links into the page), which the build lists per page in <meta name="route-preload">
// (scripts/lib/route-chunks.ts): they happen while the entry script downloads rather than once it has run.
(() => {
  var LIGHT_PAGES = ["/", "/login", "/contact", "/pricing", "/ToU", "/legalNotice", "/verification"];
  var PREFIXED_LOCALES = ["fr", "it", "es", "de", "pt", "pl", "ca", "ro"];
  var segments = location.pathname.split("/");
  var prefix = PREFIXED_LOCALES.indexOf(segments[1]) >= 0 ? segments.splice(1, 1)[0] : null;
  var path = segments.join("/") || "/";
  if (path.length > 1 && path.charAt(path.length - 1) === "/") path = path.slice(0, -1);
  // Storage and cookies are read only where they decide something: a page's first read of either waits on
  // the browser process (~10–30 ms, up to ~130 ms, in a fresh page here), before the first paint.
  var light = LIGHT_PAGES.indexOf(path) >= 0;
  var preference = "system";
  var stored = null;
  var versioned = false;
  if (!light) {
    try {
      stored = localStorage.getItem("color-mode");
      versioned = localStorage.getItem("color-mode-version") !== null;
    } catch (_) {
      // Storage refused: system it is.
    }
  }
  // A preference without a version marker predates it and counts as system (SPEC §3).
  if (versioned && (stored === "light" || stored === "dark")) preference = stored;
  var dark =
    !light &&
    (preference === "dark" ||
      (preference === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches));
  var root = document.documentElement;
  root.setAttribute("data-theme", dark ? "dark" : "light");
  root.style.colorScheme = dark ? "dark" : "light";

  // A signed-in browser opening a new chat sees its screen at once (#boot-shell, client/lib/boot-shell.ts), with
  // the greeting in the language the app will pick (src/domain/locale-routing.ts, initialLocale). Not an open
  // chat: its messages are what matters there, and a frame without them only counts the app's start-up
  // against the page (Lighthouse's blocking time runs from the first paint).
  // The Worker copies the cookies read here into the page (src/domain/boot-cookies.ts), as the request
  // carried them; a page from elsewhere (the offline copy) has only the browser's.
  const newChat = /^\/app\/a\/([^/]+)$/.exec(path);
  let cookies = null;
  const cookie = (name) => {
    if (cookies === null) {
      const hinted = root.getAttribute ? root.getAttribute("data-boot-cookies") : null;
      const text = hinted !== null ? hinted : document.cookie;
      cookies = typeof text === "string" ? text.split(";") : [];
    }
    for (const part of cookies) {
      const pair = part.trim().split("=");
      if (pair[0] === name) return pair[1];
    }
    return null;
  };
  const localeOf = () => {
    const locales = ["en"].concat(PREFIXED_LOCALES);
    if (prefix) return prefix;
    const chosen = cookie("locale");
    if (locales.indexOf(chosen) >= 0) return chosen;
    const languages = typeof navigator === "object" && navigator.languages ? navigator.languages : [];
    for (const tag of languages) {
      const primary = tag.toLowerCase().split(/[-_]/)[0];
      if (locales.indexOf(primary) >= 0) return primary;
    }
    return "en";
  };
  if (newChat && cookie("signed_in") === "1") {
    root.setAttribute("data-boot", "new");
    root.setAttribute("data-boot-lang", localeOf());
    if (newChat[1] === "default") root.setAttribute("data-boot-default", "");
  }

  // Enter in an open chat's first frame (src/sharing/chat-shell.ts) sends, as in the app's composer: the
  // frame's field is marked, and the app sends its text once it has taken over (client/lib/boot-shell.ts).
  // The composer's rule (src/domain/chat/enter-key.ts, enterSends): on a touch screen Enter breaks the line,
  // and Ctrl+Enter (⌘+Enter) sends everywhere.
  // Ctrl+K (⌘K) in a chat screen's frame opens quick search once the app has taken over, as it would in
  // the app: the page is marked (a second press takes it back), and client/components/quick-search.tsx
  // takes the mark when its own listener is in place. Other pages leave the key to the browser.
  if (document.addEventListener) {
    document.addEventListener(
      "keydown",
      (event) => {
        const search =
          (event.ctrlKey || event.metaKey) && !event.altKey && String(event.key).toLowerCase() === "k";
        if (search && !root.hasAttribute("data-quick-search-ready")) {
          const shell = document.getElementById("boot-shell");
          if (root.hasAttribute("data-boot") || shell?.hasAttribute("data-chat")) {
            event.preventDefault();
            root.toggleAttribute("data-quick-search-asked");
          }
          return;
        }
        const field = event.target;
        if (!field?.classList?.contains("boot-input")) return;
        if (event.key !== "Enter" || event.isComposing || !field.value.trim()) return;
        const touch = window.matchMedia("(pointer: coarse)").matches;
        if (!event.ctrlKey && !event.metaKey && (event.shiftKey || touch)) return;
        event.preventDefault();
        field.setAttribute("data-send", "");
      },
      true,
    );
  }

  const meta = document.querySelector ? document.querySelector('meta[name="route-preload"]') : null;
  if (!meta) return;
  // Reads only for a signed-in browser: an anonymous visitor's would each be refused (a 401 in the console).
  // Where the Worker copied the cookies that costs nothing; a light page does not read them for this (its
  // entry asks if there is a hint, client/lib/early.ts); any other page reads as before.
  const copied = root.getAttribute ? root.getAttribute("data-boot-cookies") : null;
  const reading = copied !== null ? cookie("signed_in") === "1" : !light;
  try {
    const plan = JSON.parse(meta.getAttribute("content"));
    for (const [pattern, list, reads, texts] of plan.routes) {
      const match = new RegExp(pattern).exec(path);
      if (!match) continue;
      // The page's first reads (taken over by client/lib/early.ts), first: the server takes longest.
      const params = match.groups || {};
      const fill = (text) => text.replace(/\{(\w+)\}/g, (_, name) => params[name]);
      if (reading)
        window.__earlyReads = reads.map(([template, bodyTemplate]) => {
          const url = fill(template);
          const body = bodyTemplate === undefined ? undefined : fill(bodyTemplate);
          const init =
            body === undefined
              ? { credentials: "same-origin" }
              : {
                  method: "POST",
                  body,
                  headers: { "Content-Type": "application/json" },
                  credentials: "same-origin",
                };
          const response = fetch(url, init);
          response.catch(() => {});
          return { url, body, at: performance.now(), response };
        });
      // The Worker may have written them into the head already (src/routes/app-page.ts).
      if (meta.hasAttribute("data-preloaded")) return;
      const preload = (file) => {
        const link = document.createElement("link");
        const style = file.endsWith(".css");
        // As the entry's own loader asks for them, so that it finds them here.
        link.rel = style ? "preload" : "modulepreload";
        if (style) link.as = "style";
        link.crossOrigin = "";
        link.href = file;
        document.head.appendChild(link);
      };
      for (const file of plan.lists[list]) preload(file);
      // Its texts too, in the language the app will pick (as the Worker's catalogueFiles), which the entry
      // would ask for only once it has run: after the first frame, as which language may take a cookie read.
      const catalogues = plan.catalogues;
      if (!catalogues || !texts || !window.requestAnimationFrame) return;
      window.requestAnimationFrame(() =>
        setTimeout(() => {
          try {
            const lists = catalogues[localeOf()] || {};
            const files = [];
            for (const ns of texts) {
              for (const file of plan.lists[lists[ns]] || []) if (files.indexOf(file) < 0) files.push(file);
            }
            for (const file of files) preload(file);
          } catch (_) {
            // The entry asks for them itself.
          }
        }, 0),
      );
      return;
    }
  } catch (_) {
    // Only a head start: the entry script asks for the same files and data.
  }
})();
