// The layer table of DESIGN.md §1, enforced: every import of src/, drizzle/ and client/ points down the table.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** Each layer, by the paths it owns (a folder ends with "/"), and the layers it may import. */
const LAYERS: Record<string, { owns: string[]; mayImport: string[] }> = {
  domain: { owns: ["src/domain/"], mayImport: [] },
  schema: { owns: ["drizzle/"], mayImport: [] },
  base: { owns: ["src/env.ts", "src/errors.ts"], mayImport: ["domain", "db-types"] },
  db: { owns: ["src/db/"], mayImport: ["schema", "domain", "base"] },
  providers: { owns: ["src/providers/"], mayImport: ["domain", "base"] },
  mail: { owns: ["src/mail/"], mayImport: ["db", "domain", "base"] },
  auth: { owns: ["src/auth/"], mayImport: ["mail", "db", "domain", "base"] },
  billing: { owns: ["src/billing/"], mayImport: ["db", "domain", "base"] },
  files: { owns: ["src/files/"], mayImport: ["providers", "db", "domain", "base"] },
  documents: { owns: ["src/documents/"], mayImport: ["files", "providers", "db", "domain", "base"] },
  chat: { owns: ["src/chat/"], mayImport: ["providers", "documents", "files", "db", "domain", "base"] },
  answers: { owns: ["src/answers/"], mayImport: ["chat", "db", "domain", "base"] },
  "public-api": { owns: ["src/public-api/"], mayImport: ["providers", "db", "domain", "base"] },
  middleware: { owns: ["src/middleware/"], mayImport: ["auth", "db", "domain", "base"] },
  // The shared page: rendering, its edge cache, forks (with their pictures).
  sharing: { owns: ["src/sharing/"], mayImport: ["db", "domain", "base"] },
  routes: {
    owns: ["src/routes/"],
    mayImport: [
      "sharing",
      "answers",
      "public-api",
      "chat",
      "documents",
      "files",
      "billing",
      "auth",
      "mail",
      "providers",
      "middleware",
      "db",
      "domain",
      "base",
    ],
  },
  // cloudflare.d.ts tells the runtime's types what the app is, so it stands with the app.
  app: {
    owns: ["src/index.ts", "src/cloudflare.d.ts"],
    mayImport: ["routes", "middleware", "chat", "domain", "base"],
  },
  client: { owns: ["client/"], mayImport: ["domain", "app-type"] },
};

/** src/env.ts names the database type only: `import type` from src/db/client.ts is the one way up it takes. */
const TYPE_ONLY_EXCEPTIONS: Record<string, string> = {
  "src/db/client.ts": "db-types",
  "src/index.ts": "app-type",
};

function layerOf(file: string): string | null {
  for (const [name, layer] of Object.entries(LAYERS)) {
    if (layer.owns.some((own) => (own.endsWith("/") ? file.startsWith(own) : file === own))) return name;
  }
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

interface Import {
  line: number;
  specifier: string;
  typeOnly: boolean;
}

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const found: Import[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[3] ?? match[4];
    if (!specifier?.startsWith(".")) continue;
    const line = text.slice(0, (match.index ?? 0) + match[0].length).split("\n").length;
    found.push({ line, specifier, typeOnly: Boolean(match[2]) });
  }
  return found;
}

/** The repository path an import names, with the extension the file has on disk. */
function target(file: string, specifier: string): string {
  const base = relative(ROOT, resolve(ROOT, dirname(file), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    try {
      if (statSync(join(ROOT, candidate)).isFile()) return candidate;
    } catch {}
  }
  return base;
}

function violations(): string[] {
  const out: string[] = [];
  for (const file of [...sourceFiles("src"), ...sourceFiles("drizzle"), ...sourceFiles("client")]) {
    const from = layerOf(file);
    if (!from) {
      out.push(`${file}: in no layer — add its folder to DESIGN.md §1 and to this test`);
      continue;
    }
    const allowed = new Set([from, ...(LAYERS[from]?.mayImport ?? [])]);
    for (const { line, specifier, typeOnly } of importsOf(file)) {
      const to = target(file, specifier);
      // Data and assets (catalogues, styles, the logo's drawing) are not code: the table is about code.
      if (to.startsWith("node_modules") || /\.(json|css|svg)(\?\w+)?$/.test(to)) continue;
      const exception = TYPE_ONLY_EXCEPTIONS[to];
      const layer = typeOnly && exception && allowed.has(exception) ? exception : layerOf(to);
      if (!layer || !allowed.has(layer))
        out.push(`${file}:${line} (${from}) imports ${to} (${layer ?? "outside"})`);
    }
  }
  return out;
}

describe("the layer table", () => {
  it("holds: no import runs back up", () => {
    expect(violations()).toEqual([]);
  });

  it("catches an import that runs back up", () => {
    // The check itself must see a violation: src/domain importing src/db would be one.
    const from = "src/domain/x.ts";
    const to = target(from, "../db/chats");
    expect(layerOf(from)).toBe("domain");
    expect(layerOf(to)).toBe("db");
    expect(LAYERS.domain?.mayImport.includes("db")).toBe(false);
  });

  it("reads every form of import", () => {
    const sample = [
      'import { a } from "./a";',
      'import type { B } from "../b";',
      'export { c } from "./c";',
      'const d = await import("./d");',
      'import "./e";',
    ].join("\n");
    const matches = [...sample.matchAll(IMPORT)].map((m) => [m[3] ?? m[4], Boolean(m[2])]);
    expect(matches).toEqual([
      ["./a", false],
      ["../b", true],
      ["./c", false],
      ["./d", false],
      ["./e", false],
    ]);
  });
});
