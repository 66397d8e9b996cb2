// Tells the workers types what our bindings and main module are (what `wrangler types` would generate).
type SwitchboardEnv = import("./env").Env;

declare namespace Cloudflare {
  interface Env extends SwitchboardEnv {}
  interface GlobalProps {
    mainModule: typeof import("./index");
    durableNamespaces: "ChatStream";
  }
}
