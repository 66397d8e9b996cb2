// Stripe's request encoding: form bodies and query strings with nested brackets (`a[b][0][c]=1`, `a[]=x`).
import { invalidRequest } from "./errors.ts";

export type Param = string | ParamMap | Param[];
export interface ParamMap {
  [key: string]: Param;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    throw invalidRequest(`Invalid URL encoding: ${part.slice(0, 40)}`);
  }
}

/** `line_items[0][price]` → ["line_items", "0", "price"]; `expand[]` → ["expand", ""]. */
function segments(key: string): string[] {
  const open = key.indexOf("[");
  if (open < 0) return [key];
  const out = [key.slice(0, open)];
  const re = /\[([^\]]*)\]/g;
  const rest = key.slice(open);
  let consumed = 0;
  for (let match = re.exec(rest); match; match = re.exec(rest)) {
    if (match.index !== consumed) break;
    out.push(match[1] ?? "");
    consumed = match.index + match[0].length;
  }
  if (consumed !== rest.length) throw invalidRequest(`Invalid parameter name: ${key}`);
  return out;
}

/** Numeric-keyed hashes (`items[0]`, `items[1]`) become arrays, as Stripe reads them. */
function normalise(value: Param): Param {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(normalise);
  const keys = Object.keys(value);
  const numeric = keys.length > 0 && keys.every((k) => /^\d+$/.test(k));
  if (numeric) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => normalise(value[String(k)] as Param));
  }
  const out: ParamMap = {};
  for (const key of keys) out[key] = normalise(value[key] as Param);
  return out;
}

function assign(root: ParamMap, path: string[], value: string, fullKey: string): void {
  let node: ParamMap | Param[] = root;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i] as string;
    const last = i === path.length - 1;
    if (Array.isArray(node)) {
      // `a[]` pushes; `a[][b]` pushes a new hash unless the last one lacks that key.
      if (last) {
        node.push(value);
        return;
      }
      const tail = node.at(-1);
      const nextKey = path[i + 1] as string;
      if (tail && typeof tail === "object" && !Array.isArray(tail) && !(nextKey in tail)) {
        node = tail;
      } else {
        const fresh: ParamMap = {};
        node.push(fresh);
        node = fresh;
      }
      continue;
    }
    if (last) {
      if (seg in node && typeof node[seg] !== "string") throw invalidRequest(`Invalid hash: ${fullKey}`);
      node[seg] = value;
      return;
    }
    const wantsArray = path[i + 1] === "";
    const existing: Param | undefined = node[seg];
    if (existing === undefined) {
      const fresh: ParamMap | Param[] = wantsArray ? [] : {};
      node[seg] = fresh;
      node = fresh;
    } else if (typeof existing === "string" || Array.isArray(existing) !== wantsArray) {
      throw invalidRequest(`Invalid array or hash for parameter: ${fullKey}`);
    } else {
      node = existing;
    }
  }
}

/** Parses `application/x-www-form-urlencoded` text (a body or a query string without `?`). */
export function parseForm(text: string): ParamMap {
  const root: ParamMap = {};
  if (!text) return root;
  for (const pair of text.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? "" : decode(pair.slice(eq + 1));
    if (!key) continue;
    assign(root, segments(key), value, key);
  }
  return normalise(root) as ParamMap;
}

/** The inverse, for tests and the pages: nested objects to `a[b][0]=…` pairs. */
export function encodeForm(data: Record<string, unknown>): string {
  const pairs: string[] = [];
  const walk = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(`${key}[${i}]`, v);
    } else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(`${key}[${k}]`, v);
    } else
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value === null ? "" : String(value))}`);
  };
  for (const [k, v] of Object.entries(data)) walk(k, v);
  return pairs.join("&");
}
