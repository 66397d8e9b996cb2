// An invitation's refusal said of the address it is about (named by the server's detail), else as useApiError says.
import { refusedInvitee } from "../../src/domain/team";
import { useT } from "../i18n";
import { ApiError } from "./api";
import { useApiError } from "./use-api-error";

/** `sent`: the addresses of the refused request (a mutation's variables), which the detail's index points into. */
export function useInviteError() {
  const t = useT("errors");
  const describe = useApiError();
  return (error: unknown, sent: readonly string[] = []): string => {
    if (error instanceof ApiError && error.code === "in_another_team") {
      const email = refusedInvitee(error.details, sent);
      // Among several addresses the code's own sentence ("someone you invited") would not say whose.
      if (email) return t("invite.inAnotherTeam", { email });
    }
    return describe(error);
  };
}
