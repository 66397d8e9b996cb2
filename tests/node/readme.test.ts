// The README documents every provider variable the Worker reads and every chat API route it serves.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PROVIDER_ENV_VARS } from "../../src/providers/config.ts";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("README", () => {
  it.each(PROVIDER_ENV_VARS.map((v) => v.name))("documents %s", (name) => {
    expect(readme).toContain(`\`${name}\``);
  });

  it("opens with the two commands", () => {
    const top = readme.split("\n").slice(0, 8).join("\n");
    expect(top).toContain("npm install && npm run dev");
    expect(top).toContain("npm test");
  });
});
