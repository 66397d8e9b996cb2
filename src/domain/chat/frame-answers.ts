// How an open chat's first frame marks the answers it typeset (src/sharing/chat-shell.ts), so that the app can
// show those very nodes instead of rendering the same markdown again (client/chat/markdown/frame-answers.ts).

/** The frame's newest messages: enough to fill a tall screen above the composer. */
export const FRAME_MESSAGES = 6;

/** On a frame's answer: the message's id, and the digest of the markdown it was typeset from. */
export const FRAME_MESSAGE_ATTRIBUTE = "data-message-id";
export const FRAME_DIGEST_ATTRIBUTE = "data-digest";

/** On the frame's KaTeX stylesheet: the app moves it into its own head as the frame goes. */
export const FRAME_MATH_STYLES_ATTRIBUTE = "data-frame-math";

/** FNV-1a, 32 bits: small, stable, and the same on the Worker and in the browser. */
export function fnv1a(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The digest of an answer's markdown: the app adopts a frame's answer only when its own copy of the message
 * says the same (a message still being written, or read again after a change, is rendered as usual).
 */
export const contentDigest = (text: string): string =>
  `${text.length.toString(36)}-${fnv1a(text).toString(36)}`;
