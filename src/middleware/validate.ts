// zod validation for route inputs; a failure is a 400 naming each field that was wrong (415 for a body
// that is not JSON at all).
import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { openAIParam } from "../domain/openai-wire";
import { UNSTORABLE_TEXT_MESSAGES, unstorableTextPath } from "../domain/stored-text";
import { AppError } from "../errors";

export interface FieldIssue {
  path: string;
  message: string;
}

/** What each validated part of a request is called in a refusal: "Invalid request body: messages[1].role: …". */
const TARGET_NAMES: Record<keyof ValidationTargets, string> = {
  json: "request body",
  form: "form",
  query: "query",
  param: "path",
  header: "header",
  cookie: "cookie",
};

/** A field as people (and OpenAI's `param`) write it: `messages[1].role`, not `messages.1.role`. */
const fieldName = (path: string) => openAIParam(path) ?? "";

/** The media types Hono's JSON validator reads; anything else it would silently treat as `{}`. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

function requireJson(c: Context) {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    throw new AppError(
      415,
      "unsupported_media_type",
      `Send the body as JSON with Content-Type: application/json${mediaType ? ` (not ${mediaType.slice(0, 100)})` : ""}.`,
    );
  }
}

export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) => {
  const check = zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues: FieldIssue[] = result.error.issues.map((issue) => ({
        path: issue.path.map(String).join("."),
        // The body as a whole (an array, a string, null): say what it must be.
        message:
          target === "json" && issue.path.length === 0 && issue.code === "invalid_type"
            ? "The request body must be a JSON object."
            : issue.message,
      }));
      const summary = issues
        .map((i) => (i.path ? `${fieldName(i.path)}: ${i.message}` : i.message))
        .join("; ");
      throw new AppError(400, "invalid_input", `Invalid ${TARGET_NAMES[target]}: ${summary}`, {
        details: issues,
      });
    }
    // Postgres stores no U+0000 and no half surrogate pair: refused here, with where it was, rather than
    // failing the statement (a 500) or storing a replacement character.
    const unstorable = unstorableTextPath(result.data);
    if (unstorable !== null) {
      const { path } = unstorable;
      const issue: FieldIssue = { path, message: UNSTORABLE_TEXT_MESSAGES[unstorable.problem] };
      throw new AppError(
        400,
        "invalid_input",
        `Invalid ${TARGET_NAMES[target]}: ${path ? `${fieldName(path)}: ` : ""}${issue.message}`,
        { details: [issue] },
      );
    }
  });
  if (target !== "json") return check;
  const guarded: typeof check = async (c, next) => {
    requireJson(c);
    return check(c, next);
  };
  return guarded;
};
