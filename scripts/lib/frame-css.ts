// The app's own rules for what an open chat's first frame draws (src/sharing/chat-shell.ts), put under the frame
// by the build (scripts/lib/boot-shell.ts inlines them in index.html): its answers' markdown
// (client/chat/markdown/markdown.css), their parts' and pictures' (client/chat/chat.css) and a question's files'
// (client/chat/file-chip.css), so that nothing moves when the app's messages take the frame's place, and no copy
// of them can drift.
import { readFileSync } from "node:fs";
import postcss from "postcss";

const CLIENT = new URL("../../client/", import.meta.url);

/** Where an open chat's first frame puts its messages (src/sharing/chat-shell.ts). */
const FRAME = ".boot-chat";

/**
 * The app's markdown rules, each under the frame: an open chat's first frame (src/sharing/chat-shell.ts) sets
 * its answers exactly as the app will, so nothing moves at the handover, and no copy of them can drift. A
 * selector led by `:root[…]` (the dark theme's) keeps that lead.
 */
export function frameMarkdownCss(
  css = readFileSync(new URL("chat/markdown/markdown.css", CLIENT), "utf8"),
): string {
  return underFrame(postcss.parse(css), "markdown.css");
}

const chatCss = () => readFileSync(new URL("chat/chat.css", CLIENT), "utf8");

/**
 * The app's rules for an answer's sources blocks (client/chat/chat.css: .search-status, .search-sources…, the
 * chips' .source-…), under the frame as the markdown's: the frame draws those blocks (src/sharing/
 * chat-shell-sources.ts) and they cannot drift from the app's. Not the live search's status (`[role="status"]`),
 * which a saved answer never shows.
 */
export function frameSourcesCss(css = chatCss()): string {
  return chatRules(css, (s) => /^\.(search-s|source-)/.test(s) && !s.includes("[role"));
}

/**
 * The app's rules for a finished answer's folded reasoning (.thinking-block, its summary), its notice
 * (.message-notice, a stopped or failed answer's; its Retry is the page's .button), a Midjourney grid's rows of
 * buttons (.image-choices; the buttons' own are the page's, styles.css) and the dots of an answer still being
 * written (.writing, .dots), under the frame likewise (src/sharing/chat-shell-message.ts, chat-shell-notice.ts,
 * chat-shell-grid.ts). Not those of reasoning still streaming (`[data-active]`) nor of its text, which the frame
 * never shows. The dots stand still: the frame runs no animation of the app's (its keyframes and a reader's
 * reduced motion are the app's stylesheet's), and the app's dots, which move, take their place.
 */
export function frameAnswerPartsCss(css = chatCss()): string {
  return chatRules(
    css,
    (s) =>
      /^\.(thinking-block|message-notice|image-choices|writing|dots)(?![\w-])/.test(s) &&
      !s.includes("[data-active"),
    { still: true },
  );
}

/**
 * The app's rules for an answer's pictures (client/chat/chat.css: .generated-images, its figures and images), under
 * the frame likewise (src/sharing/chat-shell-media.ts). The place of the "Download" button under each is the
 * frame's own (client/boot-shell.css): the app's button is not in the frame.
 */
export function framePicturesCss(css = chatCss()): string {
  return chatRules(css, (s) => /^\.generated-images(?![\w-])/.test(s));
}

/**
 * All of the app's rules for files (client/chat/file-chip.css), narrow screens' included, under the frame: it
 * draws a question's files as the app does (src/sharing/chat-shell-media.ts: pictures as thumbnails, documents as
 * chips). Those of a file being sent (its progress, its remove button) find nothing there to match.
 */
export function frameFilesCss(css = readFileSync(new URL("chat/file-chip.css", CLIENT), "utf8")): string {
  return underFrame(postcss.parse(css), "file-chip.css");
}

/**
 * chat.css' rules whose selectors `wanted` keeps, with those selectors only, under the frame; `still`: without
 * their animations (a rule left empty goes).
 */
function chatRules(
  css: string,
  wanted: (selector: string) => boolean,
  { still = false }: { still?: boolean } = {},
): string {
  const picked = postcss.root();
  postcss.parse(css).walkRules((rule) => {
    const selectors = rule.selectors.filter(wanted);
    if (selectors.length === 0) return;
    const copy = rule.clone({ selectors });
    if (still)
      copy.walkDecls(/^animation/, (decl) => {
        decl.remove();
      });
    if (!copy.nodes?.length) return;
    if (rule.parent?.type !== "root")
      throw new Error(`chat.css: the frame's copy cannot scope ${rule.selector} yet`);
    picked.append(copy);
  });
  return underFrame(picked, "chat.css");
}

function underFrame(root: postcss.Root, file: string): string {
  root.walkComments((comment) => {
    comment.remove();
  });
  root.walkAtRules((at) => {
    // A media query's rules apply to the frame as to the app, each scoped as the others; @keyframes' names, say,
    // would not be the frame's alone.
    if (at.name !== "media") throw new Error(`${file}: the frame's copy cannot scope @${at.name} yet`);
  });
  root.walkRules((rule) => {
    rule.selectors = rule.selectors.map((selector) => {
      const lead = /^:root(\[[^\]]*\])*\s+/.exec(selector)?.[0] ?? "";
      return `${lead}${FRAME} ${selector.slice(lead.length)}`;
    });
  });
  // Every page inlines it (index.html): one line, not the source's layout. A line break is whitespace to
  // CSS (a combinator, a value's separator), so it becomes one space, never nothing.
  return root
    .toString()
    .replace(/\s*\n\s*/g, " ")
    .trim();
}
