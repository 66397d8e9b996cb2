// Vitest global setup: the local OAuth/OIDC server the Worker's Google and GitHub sign-in are pointed at.
import type { TestProject } from "vitest/node";
import { startOauthServer } from "../oauth/server.ts";

/** The credentials the Worker tests are configured with (vitest.config.ts passes them as bindings). */
export const TEST_OAUTH_CLIENTS = {
  google: { clientId: "switchboard-test-google", clientSecret: "google-test-secret" },
  github: { clientId: "switchboard-test-github", clientSecret: "github-test-secret" },
};

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of tests/oauth/server.ts: Google under /google, GitHub under /github. */
    oauthBaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startOauthServer(TEST_OAUTH_CLIENTS);
  project.provide("oauthBaseUrl", server.url);
  return () => server.close();
}
