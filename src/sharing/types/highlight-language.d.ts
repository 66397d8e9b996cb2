// One highlight.js grammar, as the Worker's typecheck sees it (see highlight-core.d.ts).
import type { LanguageFn } from "./highlight-core";

declare const language: LanguageFn;
export default language;
