// A key just created: shown this once, with a copy button and ready calls (curl, the openai SDKs).
import { useEffect, useRef, useState } from "react";
import { useT } from "../i18n";
import { apiSnippets } from "../lib/api-snippets";
import { Icon } from "./icon";
import { rovingTabs } from "./tabs";
import "./api-keys.css";

function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const t = useT("account");
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      },
      (error: unknown) => console.error("Copy failed", error),
    );
  return (
    <button type="button" className="button secondary small" onClick={copy} data-testid={testId}>
      <Icon name={copied ? "check" : "copy"} size={16} /> {copied ? t("api.copied") : label}
    </button>
  );
}

export function ApiKeySecret({
  name,
  secret,
  baseUrl,
  model,
  onDone,
}: {
  name: string;
  secret: string;
  baseUrl: string;
  model: string;
  onDone(): void;
}) {
  const t = useT("account");
  const panel = useRef<HTMLElement>(null);
  // Keyboard and screen-reader users land on the key they must copy now.
  useEffect(() => panel.current?.focus(), []);
  const snippets = apiSnippets(baseUrl, secret, model);
  const [shown, setShown] = useState<(typeof snippets)[number]["id"]>("curl");
  const snippet = snippets.find((s) => s.id === shown) ?? snippets[0];
  const tab = rovingTabs(
    snippets.map((s) => s.id),
    shown,
    setShown,
  );
  return (
    <section
      ref={panel}
      tabIndex={-1}
      className="card api-key-secret"
      aria-labelledby="api-key-secret-title"
      data-testid="api-key-secret"
    >
      <h2 id="api-key-secret-title">{t("api.secretTitle", { name })}</h2>
      <p className="hint">{t("api.secretWarning")}</p>
      <div className="api-key-value">
        <code data-testid="api-key-value">{secret}</code>
        <CopyButton text={secret} label={t("api.copy")} testId="api-key-copy" />
      </div>
      <p className="hint">
        {t("api.baseUrl")} <code>{baseUrl}</code>
      </p>
      <div className="api-snippet-tabs" role="tablist" aria-label={t("api.snippetsTitle")}>
        {snippets.map((s) => (
          <button
            key={s.id}
            type="button"
            {...tab(s.id)}
            id={`api-snippet-tab-${s.id}`}
            aria-controls="api-snippet-panel"
            className="api-snippet-tab"
          >
            {t(`api.snippet.${s.id}`)}
          </button>
        ))}
      </div>
      {snippet ? (
        <div id="api-snippet-panel" role="tabpanel" aria-labelledby={`api-snippet-tab-${snippet.id}`}>
          <pre className="api-snippet" data-testid="api-snippet">
            <code>{snippet.code}</code>
          </pre>
          <CopyButton text={snippet.code} label={t("api.copySnippet")} />
        </div>
      ) : null}
      <button type="button" className="button" onClick={onDone}>
        {t("api.done")}
      </button>
    </section>
  );
}
