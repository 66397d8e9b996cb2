// An invitation's refusal said of the address it is about (named by the server's detail), else as useApiError says.
import type { ErrorCode } from "../../src/domain/error-codes";
import { refusedInvitee } from "../../src/domain/team";
import { useT } from "../i18n";
import type { MessageKey } from "../i18n/resources";
import { ApiError } from "./api";
import { useApiError } from "./use-api-error";

/**
 * The refusals that name one address, said to the admin. The code's own sentence speaks to an invitee (an
 * already_in_team join: "You are already in a team"). Only the admin's own team is ever named: whether an
 * address is in another team is never said to an inviting admin.
 */
const OF_ADDRESS: Partial<Record<ErrorCode, MessageKey<"errors">>> = {
  already_in_team: "invite.alreadyInYourTeam",
};

/** `sent`: the addresses of the refused request (a mutation's variables), which the detail's index points into. */
export function useInviteError() {
  const t = useT("errors");
  const describe = useApiError();
  return (error: unknown, sent: readonly string[] = []): string => {
    const key = error instanceof ApiError ? OF_ADDRESS[error.code] : undefined;
    const email = error instanceof ApiError ? refusedInvitee(error.details, sent) : null;
    return key && email ? t(key, { email }) : describe(error);
  };
}
