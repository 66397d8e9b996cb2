// Typed reading of a request's params with Stripe's 400s (missing, unknown, invalid integer/boolean/enum).
import { invalidRequest, missingParam, unknownParam, unsupportedParam } from "./errors.ts";
import type { Param, ParamMap } from "./form.ts";

/** A view on one level of the params, knowing its bracketed path for error messages. */
export class Params {
  readonly map: ParamMap;
  readonly prefix: string;

  constructor(map: ParamMap, prefix = "") {
    this.map = map;
    this.prefix = prefix;
  }

  /** `line_items[0][price]` for `price` under `line_items[0]`. */
  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.map[key] !== undefined;
  }

  /** An empty string asks Stripe to unset a field. */
  isEmpty(key: string): boolean {
    return this.map[key] === "";
  }

  /**
   * Rejects params outside `known`; `unsupported` are real Stripe params this server does not implement
   * (a clear 400 beats silently ignoring them).
   */
  only(known: readonly string[], unsupported: readonly string[] = []): this {
    for (const key of Object.keys(this.map)) {
      if (unsupported.includes(key)) throw unsupportedParam(this.name(key));
      if (!known.includes(key)) throw unknownParam(this.name(key));
    }
    return this;
  }

  str(key: string): string | undefined {
    const value = this.map[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") throw invalidRequest(`Invalid string: ${this.name(key)}`, this.name(key));
    return value;
  }

  /** A string that must be present and non-empty. */
  reqStr(key: string): string {
    const value = this.str(key);
    if (value === undefined) throw missingParam(this.name(key));
    if (value === "") throw emptyString(this.name(key));
    return value;
  }

  /** A string that, when present, must not be empty. */
  nonEmpty(key: string): string | undefined {
    const value = this.str(key);
    if (value === "") throw emptyString(this.name(key));
    return value;
  }

  int(key: string, opts: { min?: number; max?: number } = {}): number | undefined {
    const raw = this.nonEmpty(key);
    if (raw === undefined) return undefined;
    if (!/^-?\d+$/.test(raw)) {
      throw invalidRequest(`Invalid integer: ${raw}`, this.name(key), "parameter_invalid_integer");
    }
    const value = Number(raw);
    if (opts.min !== undefined && value < opts.min) {
      throw invalidRequest(
        `This value must be greater than or equal to ${opts.min}.`,
        this.name(key),
        "parameter_invalid_integer",
      );
    }
    if (opts.max !== undefined && value > opts.max) {
      throw invalidRequest(
        `This value must be less than or equal to ${opts.max}.`,
        this.name(key),
        "parameter_invalid_integer",
      );
    }
    return value;
  }

  num(key: string, opts: { min?: number; max?: number } = {}): number | undefined {
    const raw = this.nonEmpty(key);
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (!Number.isFinite(value)) throw invalidRequest(`Invalid decimal: ${raw}`, this.name(key));
    if ((opts.min !== undefined && value < opts.min) || (opts.max !== undefined && value > opts.max)) {
      throw invalidRequest(
        `Invalid ${this.name(key)}: must be between ${opts.min} and ${opts.max}`,
        this.name(key),
      );
    }
    return value;
  }

  bool(key: string): boolean | undefined {
    const raw = this.nonEmpty(key);
    if (raw === undefined) return undefined;
    if (raw === "true") return true;
    if (raw === "false") return false;
    throw invalidRequest(`Invalid boolean: ${raw}`, this.name(key));
  }

  enumOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const raw = this.nonEmpty(key);
    if (raw === undefined) return undefined;
    if (!(values as readonly string[]).includes(raw)) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${oneOf(values)}`, this.name(key));
    }
    return raw as T;
  }

  obj(key: string): Params | undefined {
    const value = this.map[key];
    if (value === undefined || value === "") return undefined;
    if (typeof value !== "object" || Array.isArray(value)) {
      throw invalidRequest(`Invalid object: ${this.name(key)}`, this.name(key));
    }
    return new Params(value, this.name(key));
  }

  /** An array of hashes (`items[0][price]`, `items[1][price]`). */
  list(key: string): Params[] | undefined {
    const value = this.map[key];
    if (value === undefined || value === "") return undefined;
    if (!Array.isArray(value)) throw invalidRequest(`Invalid array: ${this.name(key)}`, this.name(key));
    return value.map((entry, i) => {
      if (typeof entry !== "object" || Array.isArray(entry)) {
        throw invalidRequest(`Invalid object: ${this.name(key)}[${i}]`, `${this.name(key)}[${i}]`);
      }
      return new Params(entry, `${this.name(key)}[${i}]`);
    });
  }

  /** An array of strings (`expand[]=a`, `lookup_keys[0]=b`). */
  strings(key: string): string[] | undefined {
    const value: Param | undefined = this.map[key];
    if (value === undefined || value === "") return undefined;
    if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
      throw invalidRequest(`Invalid array: ${this.name(key)}`, this.name(key));
    }
    return value as string[];
  }

  /** `metadata[key]=value`; `metadata=` clears all; `metadata[key]=` removes one key (null). */
  metadata(key = "metadata"): Record<string, string | null> | null | undefined {
    const value = this.map[key];
    if (value === undefined) return undefined;
    if (value === "") return null;
    if (typeof value !== "object" || Array.isArray(value)) {
      throw invalidRequest(`Invalid hash: ${this.name(key)}`, this.name(key));
    }
    const out: Record<string, string | null> = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v !== "string")
        throw invalidRequest(`Invalid string: ${this.name(key)}[${k}]`, this.name(key));
      if (k.length > 40) throw invalidRequest(`Metadata keys can have up to 40 characters.`, this.name(key));
      if (v.length > 500)
        throw invalidRequest(`Metadata values can have up to 500 characters.`, this.name(key));
      out[k] = v === "" ? null : v;
    }
    if (Object.keys(out).length > 50)
      throw invalidRequest(`Metadata can have up to 50 keys.`, this.name(key));
    return out;
  }

  expand(): string[] {
    return this.strings("expand") ?? [];
  }
}

const emptyString = (name: string) =>
  invalidRequest(
    `You passed an empty string for '${name}'. We assume empty values are an attempt to unset a parameter; however '${name}' cannot be unset. You should remove '${name}' from your request or supply a non-empty value.`,
    name,
    "parameter_invalid_empty",
  );

function oneOf(values: readonly string[]): string {
  if (values.length <= 1) return values.join("");
  return `${values.slice(0, -1).join(", ")}, or ${values.at(-1)}`;
}

/** Applies a metadata update the way Stripe merges it. */
export function mergeMetadata(
  current: Record<string, string>,
  update: Record<string, string | null> | null | undefined,
): Record<string, string> {
  if (update === undefined) return current;
  if (update === null) return {};
  const out = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** Metadata on create: `null` values mean nothing there. */
export function newMetadata(
  update: Record<string, string | null> | null | undefined,
): Record<string, string> {
  return mergeMetadata({}, update);
}
