// A file given twice (by the assistant and by a message) is one document: one copy's passages, one source.
import { describe, expect, it } from "vitest";
import { distinctPassages } from "../../src/domain/documents/document-copies";

/** "attachment:index@hash", nearest first; no "@" is a file stored without a hash. */
const passage = (id: string) => {
  const [ref = "", hash] = id.split("@");
  const [attachmentId = "", index = "0"] = ref.split(":");
  return { id, fileHash: hash ?? null, metadata: { attachmentId, index: Number(index) } };
};

describe("distinctPassages", () => {
  it.each([
    // The assistant's copy and the message's copy of notes.txt: the nearer copy stands for both.
    [["mine:0@n", "theirs:0@n"], undefined, ["mine:0@n"]],
    [
      ["theirs:1@n", "mine:1@n", "fruit:0@f", "mine:0@n", "theirs:0@n"],
      undefined,
      ["theirs:1@n", "fruit:0@f", "theirs:0@n"],
    ],
    // Three files given twice each: one of each is left, in the order found.
    [["a1:0@n", "a2:0@n", "b1:0@f", "b2:0@f", "c2:0@m", "c1:0@m"], undefined, ["a1:0@n", "b1:0@f", "c2:0@m"]],
    // Different files, even with the same name or passage index, are all kept.
    [["a:0@x", "b:0@y", "a:1@x"], undefined, ["a:0@x", "b:0@y", "a:1@x"]],
    // Without a hash a file is only itself.
    [["a:0", "b:0", "a:1"], undefined, ["a:0", "b:0", "a:1"]],
    // The limit counts the passages left, not those found.
    [["a:0@n", "b:0@n", "a:1@n", "b:1@n", "c:0@z"], 2, ["a:0@n", "a:1@n"]],
    [["a:0@n", "b:0@n", "c:0@z", "b:1@n", "a:1@n"], 3, ["a:0@n", "c:0@z", "a:1@n"]],
    [[], 8, []],
  ] as [string[], number | undefined, string[]][])("%j (limit %s) → %j", (found, limit, kept) => {
    expect(distinctPassages(found.map(passage), limit).map((p) => p.id)).toEqual(kept);
  });
});
