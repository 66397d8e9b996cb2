// /contact: a question or a problem, sent to the contact endpoint.

import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { CONTACT_MESSAGE_MAX_LENGTH } from "../../src/domain/auth-limits";
import { useSendContact } from "../hooks/use-account";
import { type SessionUser, userKeys } from "../hooks/use-user";
import { useT } from "../i18n";
import { useApiError } from "../lib/use-api-error";

export default function Contact() {
  const t = useT("legal");
  const errorText = useApiError();
  const send = useSendContact();
  // A signed-in visitor's address is already known; nobody is asked to sign in for this page.
  const known = useQueryClient().getQueryData<SessionUser | null>(userKeys.session());
  const [email, setEmail] = useState(known?.verified ? known.email : "");
  const [message, setMessage] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ email, message }, { onSuccess: () => setMessage("") });
  };

  return (
    <div className="narrow-page">
      <h1>{t("contact.title")}</h1>
      <p className="lead">{t("contact.text")}</p>
      {send.isSuccess ? (
        <p className="alert success" role="status">
          {t("contact.sent")}
        </p>
      ) : null}
      {send.error ? (
        <p className="alert error" role="alert">
          {errorText(send.error)}
        </p>
      ) : null}
      <form onSubmit={submit} className="card">
        <div className="field">
          <label htmlFor="contact-email">{t("contact.email")}</label>
          <input
            id="contact-email"
            type="email"
            autoComplete="email"
            required
            maxLength={200}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="contact-message">{t("contact.message")}</label>
          <textarea
            id="contact-message"
            rows={7}
            required
            maxLength={CONTACT_MESSAGE_MAX_LENGTH}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
          <p className="hint">
            {t("contact.limit", { used: message.length, max: CONTACT_MESSAGE_MAX_LENGTH })}
          </p>
        </div>
        <button type="submit" className="button large" disabled={send.isPending}>
          {send.isPending ? t("contact.sending") : t("contact.send")}
        </button>
      </form>
    </div>
  );
}
