// Watches for new versions while the app runs: the service worker's update flow and offline readiness,
// and new deployments found by polling the latest-build manifest.
import { useEffect } from "react";
import { useT } from "../i18n";
import { useStore } from "../lib/store";
import { useNoticesReady } from "../state/notices-ready";
import { notify } from "../state/notifications";
import { startDeployWatch } from "./deploy-watch";
import { applyUpdate, dismissOfflineReady, dismissUpdate, pwaStore, registerServiceWorker } from "./register";

export function AppWatchers() {
  const t = useT("app");
  const { needRefresh, offlineReady } = useStore(pwaStore);
  // A first visit's "ready offline" is news, not a warning: it waits as the welcome notices do.
  const noticesReady = useNoticesReady();

  useEffect(() => {
    registerServiceWorker();
    return startDeployWatch(() =>
      notify({
        id: "new-deployment",
        title: t("pwa.deployTitle"),
        description: t("pwa.deployText"),
        icon: "refresh",
        timeout: 0,
        actions: [
          { label: t("pwa.reload"), variant: "primary", onClick: () => location.reload() },
          { label: t("pwa.later") },
        ],
      }),
    );
  }, [t]);

  useEffect(() => {
    if (!needRefresh) return;
    notify({
      id: "pwa-update",
      title: t("pwa.updateTitle"),
      description: t("pwa.updateText"),
      icon: "refresh",
      timeout: 0,
      actions: [
        { label: t("pwa.reload"), variant: "primary", onClick: applyUpdate },
        { label: t("pwa.later") },
      ],
      callback: dismissUpdate,
    });
  }, [needRefresh, t]);

  useEffect(() => {
    if (!offlineReady || !noticesReady) return;
    notify({
      id: "pwa-offline-ready",
      title: t("pwa.offlineTitle"),
      description: t("pwa.offlineText"),
      icon: "check",
      callback: dismissOfflineReady,
    });
  }, [offlineReady, noticesReady, t]);

  return null;
}
