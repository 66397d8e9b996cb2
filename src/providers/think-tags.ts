// Separates <think>…</think> reasoning that some models (DeepSeek R1, Sonar Reasoning, Qwen) put in content.
export interface Piece {
  kind: "text" | "reasoning";
  text: string;
}

const OPEN = "<think>";
const CLOSE = "</think>";

/** Length of the longest suffix of `text` that is a proper prefix of `tag`: it may complete in the next chunk. */
function partialTagLength(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (tag.startsWith(text.slice(text.length - n))) return n;
  }
  return 0;
}

/** Fed streamed content chunk by chunk; tags may be split across chunks. Only a leading <think> counts. */
export class ThinkSplitter {
  #state: "start" | "reasoning" | "text" = "start";
  #pending = "";
  /** Whitespace right after </think> is layout, not answer. */
  #trimNext = false;

  push(chunk: string): Piece[] {
    this.#pending += chunk;
    const out: Piece[] = [];
    if (this.#state === "start") {
      const head = this.#pending.trimStart();
      if (head.startsWith(OPEN)) {
        this.#state = "reasoning";
        this.#pending = head.slice(OPEN.length);
      } else if (OPEN.startsWith(head)) {
        return out;
      } else {
        this.#state = "text";
      }
    }
    if (this.#state === "reasoning") {
      const end = this.#pending.indexOf(CLOSE);
      if (end === -1) {
        const keep = partialTagLength(this.#pending, CLOSE);
        const ready = this.#pending.slice(0, this.#pending.length - keep);
        if (ready) out.push({ kind: "reasoning", text: ready });
        this.#pending = this.#pending.slice(this.#pending.length - keep);
        return out;
      }
      const reasoning = this.#pending.slice(0, end);
      if (reasoning) out.push({ kind: "reasoning", text: reasoning });
      this.#state = "text";
      this.#trimNext = true;
      this.#pending = this.#pending.slice(end + CLOSE.length);
    }
    let text = this.#pending;
    this.#pending = "";
    if (this.#trimNext) {
      text = text.replace(/^\s+/, "");
      if (text) this.#trimNext = false;
    }
    if (text) out.push({ kind: "text", text });
    return out;
  }

  /** Whatever is still held back when the stream ends. */
  flush(): Piece[] {
    const text = this.#pending;
    this.#pending = "";
    if (!text) return [];
    return [{ kind: this.#state === "reasoning" ? "reasoning" : "text", text }];
  }
}
