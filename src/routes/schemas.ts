// zod pieces shared by the chat routes: ids as numbers or digit strings, assistants as "default" or digits.
import { z } from "zod";

const MAX_ID = Number.MAX_SAFE_INTEGER;

/** A positive integer id, sent as a number or as a string of digits. */
export const idSchema = z.union([
  z.number().int().positive().max(MAX_ID),
  z
    .string()
    .regex(/^\d{1,15}$/, "must be all digits")
    .transform(Number)
    .pipe(z.number().int().positive()),
]);

/** "default" (or null) is the built-in assistant; anything else is one of the user's assistants. */
export const assistantIdSchema = z
  .union([z.literal("default"), z.null(), idSchema])
  .transform((v) => (v === "default" || v === null ? null : v));

/** What a user can type in one message. */
export const messageContentSchema = z.string().trim().min(1, "must not be empty").max(100_000);

export const modelKeySchema = z.string().min(1).max(70);
