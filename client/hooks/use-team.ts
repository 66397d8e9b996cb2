// The team (GET /api/team) and its actions: invitations, joining, removing, leaving, the removal notice.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, readJson } from "../lib/api";
import { billingKeys } from "./use-billing";
import { userKeys } from "./use-user";

export const teamKeys = {
  all: ["team"] as const,
  view: () => [...teamKeys.all, "view"] as const,
  invitation: (token: string) => [...teamKeys.all, "invitation", token] as const,
};

export function useTeam() {
  return useQuery({ queryKey: teamKeys.view(), queryFn: () => readJson(api.api.team.$get()) });
}

/** Every team change moves seats, plans or pooled counts: the team, the user and the billing summary. */
function useTeamChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: teamKeys.all }),
      client.invalidateQueries({ queryKey: userKeys.all }),
      client.invalidateQueries({ queryKey: billingKeys.all }),
    ]);
}

export function useInvite() {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: (emails: string[]) => readJson(api.api.team.invite.$post({ json: { emails } })),
    onSuccess: changed,
  });
}

export function useWithdrawInvitation() {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: (id: number) => readJson(api.api.team.invitations.withdraw.$post({ json: { id } })),
    onSuccess: changed,
  });
}

export function useRemoveMember() {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: (userId: number) => readJson(api.api.team.remove.$post({ json: { userId } })),
    onSuccess: changed,
  });
}

export function useLeaveTeam() {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: () => readJson(api.api.team.leave.$post()),
    onSuccess: changed,
  });
}

/** Whom an invitation is from, read before signing in. */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: teamKeys.invitation(token ?? ""),
    queryFn: () => readJson(api.api.team.invitation.$post({ json: { token: token ?? "" } })),
    enabled: token !== null,
    retry: false,
  });
}

export function useAcceptInvitation() {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: (token: string) => readJson(api.api.team.accept.$post({ json: { token } })),
    onSuccess: changed,
  });
}

export function useDismissTeamNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => readJson(api.api.team.notice.dismiss.$post()),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}
