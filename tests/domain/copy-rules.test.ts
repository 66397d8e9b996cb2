// Copy handling (SPEC §9): cleaned HTML and text, native in Firefox or with nothing selected, plain in fields.
import { describe, expect, it } from "vitest";
import { copyMode } from "../../src/domain/chat/copy-rules";

const chrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

describe("copy mode", () => {
  it.each([
    [chrome, false, false, "clean"],
    [chrome, false, true, "plain"],
    [chrome, true, false, "native"],
    [firefox, false, false, "native"],
  ] as const)("copy in %s (empty %s, field %s) is %s", (userAgent, selectionEmpty, inTextField, mode) => {
    expect(copyMode({ userAgent, selectionEmpty, inTextField })).toBe(mode);
  });
});
