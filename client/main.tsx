// Mounts the SPA; a failure to mount is logged and rethrown (SPEC §8).
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import "./styles.css";

try {
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from index.html");
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} catch (err) {
  console.error("Failed to mount the app", err);
  throw err;
}
