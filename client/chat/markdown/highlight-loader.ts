// The lazily loaded code highlighter: highlight.js core with the languages models write most.
import hljs from "highlight.js/lib/core";
import { CODE_LANGUAGES } from "../../../src/domain/chat/code-languages";

for (const [name, language] of Object.entries(CODE_LANGUAGES)) hljs.registerLanguage(name, language);

export { hljs };
