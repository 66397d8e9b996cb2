// The public API's 400s: one AppError per kind of invalid request, naming the field as OpenAI's `param` does.
import { type OpenAIInvalidRequestCode, openAIParam } from "../domain/openai-wire";
import { AppError } from "../errors";

/**
 * A 400 for `path` (dotted, as validation details are: `messages.0.content`), with the kind's code for the
 * public API's `code`; the message leads with the field as OpenAI writes it unless one is given whole.
 */
export function invalidRequest(
  code: OpenAIInvalidRequestCode,
  path: string,
  problem: string,
  message = `${openAIParam(path)}: ${problem}.`,
): AppError {
  return new AppError(400, "invalid_input", message, {
    details: [{ path, message: problem }],
    requestCode: code,
  });
}
