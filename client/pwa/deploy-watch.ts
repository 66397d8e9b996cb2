// New-deployment detection (SPEC §4, §7): polls the latest-build manifest with a timestamp query and
// compares its entry script with the one this page runs.

/** How often the manifest is polled while the page is visible. */
export const DEPLOY_POLL_MS = 5 * 60_000;
export const LATEST_BUILD_URL = "/build/latest.json";

/** The entry script this page was started with, as index.html names it. */
const runningEntry = () =>
  document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute("src");

/** Starts polling; `onNewBuild` is called once when another build is live. Returns a stop function. */
export function startDeployWatch(onNewBuild: () => void): () => void {
  const current = runningEntry();
  if (import.meta.env.DEV || !current) return () => {};
  let stopped = false;

  const check = async () => {
    if (stopped || document.visibilityState !== "visible") return;
    try {
      const res = await fetch(`${LATEST_BUILD_URL}?t=${Date.now()}`, { cache: "no-store" });
      if (!res.ok) return;
      const latest = (await res.json()) as { entry?: string };
      if (latest.entry && latest.entry !== current && !stopped) {
        stopped = true;
        onNewBuild();
      }
    } catch (error) {
      console.error("Failed to check for a new deployment", error);
    }
  };

  const timer = setInterval(check, DEPLOY_POLL_MS);
  document.addEventListener("visibilitychange", check);
  return () => {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener("visibilitychange", check);
  };
}
