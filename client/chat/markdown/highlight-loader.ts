// The lazily loaded code highlighter: highlight.js core with the languages models write most.
import type { HLJSApi } from "highlight.js";
import hljs from "highlight.js/lib/core";
import { CODE_LANGUAGES } from "../../../src/domain/chat/code-languages";

/** Registering a language runs its grammar's definition: a few per task keeps each task short on a phone. */
const PER_TASK = 4;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let ready: Promise<HLJSApi> | null = null;

/** highlight.js once every language is registered, the registrations spread over several short tasks. */
export function highlighter(): Promise<HLJSApi> {
  ready ??= (async () => {
    const languages = Object.entries(CODE_LANGUAGES);
    for (let i = 0; i < languages.length; i += PER_TASK) {
      if (i > 0) await nextTask();
      for (const [name, language] of languages.slice(i, i + PER_TASK)) hljs.registerLanguage(name, language);
    }
    return hljs;
  })().catch((error: unknown) => {
    // Asked again later (the next block with code), it tries again rather than failing for good.
    ready = null;
    throw error;
  });
  return ready;
}
