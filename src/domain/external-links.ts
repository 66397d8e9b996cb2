// The external addresses of SPEC §2 — community chat, documentation pages, support contact — each set by a
// build-time variable and shown only when set (and a web or mail address), so no link leads nowhere.

export const EXTERNAL_LINK_KEYS = [
  "community",
  "docs",
  "appDownload",
  "assistantTutorial",
  "promptTips",
  "modelIndex",
  "tips",
  "releaseNotes",
  "privacyPolicy",
  "support",
] as const;
export type ExternalLinkKey = (typeof EXTERNAL_LINK_KEYS)[number];

/** The variable naming each address (Vite exposes VITE_* variables to the client bundle, nothing else). */
export const EXTERNAL_LINK_VARIABLES: Readonly<Record<ExternalLinkKey, string>> = {
  community: "VITE_COMMUNITY_URL",
  docs: "VITE_DOCS_URL",
  appDownload: "VITE_DOCS_APP_DOWNLOAD_URL",
  assistantTutorial: "VITE_DOCS_ASSISTANT_TUTORIAL_URL",
  promptTips: "VITE_DOCS_PROMPT_TIPS_URL",
  modelIndex: "VITE_DOCS_MODEL_INDEX_URL",
  tips: "VITE_DOCS_TIPS_URL",
  releaseNotes: "VITE_DOCS_RELEASE_NOTES_URL",
  privacyPolicy: "VITE_DOCS_PRIVACY_URL",
  support: "VITE_SUPPORT_URL",
};

export type ExternalLinks = Partial<Record<ExternalLinkKey, string>>;

/** An https/http address, or (for support) a mailto: one; anything else is dropped, never linked. */
function usable(key: ExternalLinkKey, raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol === "https:" || url.protocol === "http:") return url.href;
    if (key === "support" && url.protocol === "mailto:" && url.pathname.includes("@")) return url.href;
  } catch {
    return null;
  }
  return null;
}

/** The configured links, in EXTERNAL_LINK_KEYS order. */
export function externalLinksFrom(env: Readonly<Record<string, string | undefined>>): ExternalLinks {
  const links: ExternalLinks = {};
  for (const key of EXTERNAL_LINK_KEYS) {
    const url = usable(key, env[EXTERNAL_LINK_VARIABLES[key]]);
    if (url) links[key] = url;
  }
  return links;
}
