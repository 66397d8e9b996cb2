// What a form says of a new password's length before asking, in the visitor's language: the server's answer
// to a password too long was read as "too weak" (its message names a field, not the rule it broke).
import { passwordLengthProblem } from "../../src/domain/account-limits";
import { useT } from "../i18n";

export function usePasswordLength(): (password: string) => string | null {
  const t = useT("auth");
  return (password) => {
    const problem = passwordLengthProblem(password);
    if (problem === "too_short") return t("passwordTooShort");
    if (problem === "too_long") return t("passwordTooLong");
    return null;
  };
}
