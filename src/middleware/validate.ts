// zod validation for route inputs; a failure is a 400 naming each field that was wrong.
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { AppError } from "../errors";

export interface FieldIssue {
  path: string;
  message: string;
}

export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues: FieldIssue[] = result.error.issues.map((issue) => ({
        path: issue.path.map(String).join("."),
        message: issue.message,
      }));
      const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ");
      throw new AppError(400, "invalid_input", `Invalid ${target}: ${summary}`, { details: issues });
    }
  });
