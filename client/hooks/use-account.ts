// Verification, forgotten and changed passwords, account deletion and the contact form.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, readJson } from "../lib/api";
import { followSavedLanguage, useInvalidateUser, userKeys } from "./use-user";

export type { VerificationState } from "../../src/domain/verification";

export function useVerificationState(enabled: boolean) {
  return useQuery({
    queryKey: userKeys.verification(),
    queryFn: async () => readJson(api.api.login.verification.$get()),
    enabled,
    retry: false,
  });
}

export function useVerifyCode() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: async (code: string) => readJson(api.api.login.verification.$post({ json: { code } })),
    onSuccess: invalidate,
  });
}

export function useResendCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => readJson(api.api.login.verification.resend.$post()),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.verification() }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: { currentPassword: string; newPassword: string }) =>
      readJson(api.api.login.password.$post({ json: body })),
  });
}

export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { password?: string; email?: string; check?: true }) =>
      readJson(api.api.login.delete.$post({ json: body })),
    onSuccess: ({ deleted }) => {
      if (!deleted) return;
      client.clear();
      client.setQueryData(userKeys.session(), null);
    },
  });
}

export function useSendContact() {
  return useMutation({
    mutationFn: async (body: { email: string; message: string }) =>
      readJson(api.api.contact.$post({ json: body })),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: async (email: string) => readJson(api.api.login.forgot.$post({ json: { email } })),
  });
}

/** A reset signs this browser in: the user query learns who it is. */
export function useResetPassword() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: async (body: { email: string; code: string; password: string }) =>
      readJson(api.api.login.reset.$post({ json: body })),
    onSuccess: async (data) => {
      await followSavedLanguage(data.lang);
      await invalidate();
    },
  });
}
