// zod pieces shared by the routes: ids as numbers or digit strings, assistants as "default" or digits, names, model lists.
import { type RefinementCtx, z } from "zod";
import { hasVisibleText } from "../domain/visible-text";

const MAX_ID = Number.MAX_SAFE_INTEGER;

const kindOf = (value: unknown) =>
  value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;

/**
 * A number, or a string of digits, as a positive integer id — or an issue saying exactly what is wrong
 * with it (a union alone would only say "Invalid input").
 */
function toId(value: number | string, ctx: RefinementCtx): number {
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  if (typeof value === "string") {
    if (!/^\d+$/.test(value)) return fail("must be a positive whole number (digits only)");
    if (value.replace(/^0+/, "").length > 15) return fail(`is too large (at most ${MAX_ID})`);
  }
  const id = Number(value);
  if (!Number.isFinite(id) || !Number.isInteger(id)) return fail("must be a whole number");
  if (id <= 0) return fail("must be positive");
  if (id > MAX_ID) return fail(`is too large (at most ${MAX_ID})`);
  return id;
}

/** A positive integer id, sent as a number or as a string of digits. */
export const idSchema = z
  .union([z.number(), z.string()], {
    error: (issue) =>
      issue.input === undefined
        ? "is required"
        : `must be a positive whole number (an id), not ${kindOf(issue.input)}`,
  })
  .transform(toId);

/**
 * A count or an index in a query string or a path, written in digits: `z.coerce.number()` took "0x10", "1e1",
 * " 5" and "" (as 16, 10, 5 and 0).
 */
export const digitsSchema = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,15}$/, "must be a whole number written in digits")
    .transform(Number)
    .pipe(z.number().min(min).max(max));

/** "default" (or null) is the built-in assistant; anything else is one of the user's assistants. */
export const assistantIdSchema = z
  .union([z.literal("default"), z.null(), z.number(), z.string()], {
    error: (issue) =>
      issue.input === undefined
        ? "is required"
        : `must be "default" or an assistant id (a positive whole number), not ${kindOf(issue.input)}`,
  })
  .transform((value, ctx) => (value === "default" || value === null ? null : toId(value, ctx)));

/**
 * A name a person gives (an assistant, a chat, an API key): trimmed, at most `max` characters, and with at
 * least one character that shows.
 */
export const nameSchema = (max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? "is required" : `must be text, not ${kindOf(issue.input)}`,
    })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(hasVisibleText, "must not be empty (it has no visible character)");

export const modelKeySchema = z.string().min(1).max(70);

/** A models configuration (SPEC §3): model lists per group, cleaned against the catalogue afterwards, so
 * unknown labels are dropped, not refused. */
export const modelsConfigurationSchema = z.partialRecord(
  z.enum(["text", "image", "web", "reasoning", "light_text"], {
    error: "The keys are text, image, web, reasoning and light_text.",
  }),
  z.array(z.string().max(70)).max(200),
  { error: "The models configuration is an object of model lists." },
);
