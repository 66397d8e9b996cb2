// Fatal and unhandled render errors show the error screen (SPEC §8); a navigation clears it. A page whose
// code is gone (a new version was deployed) reloads the app once instead.
import { Component, type ReactNode } from "react";
import { ApiError } from "../lib/api";
import { removeBootShell } from "../lib/boot-shell";
import { canReload, guardedReload, isChunkLoadError } from "../lib/reload";
import { errorKind, report } from "../monitoring/report";
import { ErrorScreen } from "./error-screen";
import { PageLoading } from "./page-loading";

interface Props {
  /** When it changes (the path), a shown error is cleared. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error) && guardedReload()) return;
    removeBootShell();
    console.error("Unhandled error", error);
    report({
      type: "error",
      name: `boundary.${errorKind(error)}`,
      status: error instanceof ApiError ? error.status : 500,
    });
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey)
      this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isChunkLoadError(error) && canReload()) return <PageLoading />;
    const status = error instanceof ApiError ? error.status : 500;
    return <ErrorScreen status={status} error={error} />;
  }
}
