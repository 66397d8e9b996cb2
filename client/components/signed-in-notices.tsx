// The release-note and onboarding-tips notifications (SPEC §4): shown until dismissed, and dismissing
// saves it on the server. They stay out of the way (state/notices-ready.ts): never over the plan cards,
// on a phone only on the chat screens and after the first touch or key; on the account pages beside the
// page's column, not on it (state/notification-host.css).
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { SETTINGS_PATH } from "../../src/domain/app-routes";
import { isPaidPlan } from "../../src/domain/plans";
import { hasUnseenReleaseNote, LATEST_RELEASE_NOTE_DATE } from "../../src/domain/release-notes";
import { saveHasSeenOnboardingTips, saveLastReleaseNote } from "../hooks/use-preferences";
import { type User, useInvalidateUser } from "../hooks/use-user";
import { useT } from "../i18n";
import { keepsNoticesOff, useNoticesReady } from "../state/notices-ready";
import { notify, update, withdraw } from "../state/notifications";

/** Once per page and user: both layouts mount this, and switching between them must not repeat it. */
const shown = new Set<string>();

export function SignedInNotices({ user }: { user: User }) {
  const t = useT("app");
  const navigate = useNavigate();
  const invalidate = useInvalidateUser();
  const { pathname } = useLocation();
  const keptOff = keepsNoticesOff(pathname);
  // On the settings page itself, "Open settings" would lead nowhere: the tips offer only to dismiss them.
  const onSettings = pathname.replace(/\/+$/, "") === SETTINGS_PATH;
  const ready = useNoticesReady();
  const releaseNoteDue = hasUnseenReleaseNote(user.lastReleaseNoteDateChecked) && ready;
  // The tips are about using the models: without a plan, choosing one comes first (the chat screen's banner
  // says so), and tips shown then would be dismissed unread or point to settings that cannot be used yet.
  const tipsDue = !user.hasSeenOnboardingTips && isPaidPlan(user.usagePlan) && ready;

  // Reaching a page they stay off takes them away; they come back on the next page.
  useEffect(() => {
    if (!keptOff) return;
    for (const [key, id] of [
      [`${user.id}:release`, "release-note"],
      [`${user.id}:tips`, "onboarding-tips"],
    ] as const) {
      if (shown.delete(key)) withdraw(id);
    }
  }, [keptOff, user.id]);

  useEffect(() => {
    const key = `${user.id}:release`;
    if (!releaseNoteDue) return;
    const texts = {
      title: t("releaseNote.title", { date: new Date(LATEST_RELEASE_NOTE_DATE) }),
      description: t("releaseNote.text"),
      actions: [{ label: t("releaseNote.dismiss") }],
    };
    // Already up when the language changes (settings): it speaks the new one, where it stands.
    if (shown.has(key)) return update("release-note", texts);
    shown.add(key);
    notify({
      id: "release-note",
      ...texts,
      icon: "sparkles",
      color: "accent",
      timeout: 0,
      callback: () => void saveLastReleaseNote().then(invalidate),
    });
  }, [releaseNoteDue, user.id, t, invalidate]);

  useEffect(() => {
    const key = `${user.id}:tips`;
    if (!tipsDue) return;
    // Its action's navigate too: a new language is a new router, with the locale's prefix.
    const texts = {
      title: t("onboarding.title"),
      description: t("onboarding.text"),
      actions: [
        ...(onSettings
          ? []
          : [
              {
                label: t("onboarding.settings"),
                variant: "primary" as const,
                onClick: () => navigate(SETTINGS_PATH),
              },
            ]),
        { label: t("onboarding.dismiss") },
      ],
    };
    if (shown.has(key)) return update("onboarding-tips", texts);
    shown.add(key);
    notify({
      id: "onboarding-tips",
      ...texts,
      icon: "info",
      timeout: 0,
      callback: () => void saveHasSeenOnboardingTips().then(invalidate),
    });
  }, [tipsDue, user.id, t, navigate, invalidate, onSettings]);

  return null;
}
