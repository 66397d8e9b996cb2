// /contact: a question or a problem, sent to the contact endpoint.

import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { CONTACT_MESSAGE_MAX_LENGTH } from "../../src/domain/auth-limits";
import { Alert } from "../components/alert";
import { Field } from "../components/field";
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
    if (send.isPending) return;
    send.mutate({ email, message }, { onSuccess: () => setMessage("") });
  };

  return (
    <div className="narrow-page">
      <h1>{t("contact.title")}</h1>
      <p className="lead">{t("contact.text")}</p>
      {send.isSuccess ? <Alert tone="success">{t("contact.sent")}</Alert> : null}
      <Alert>{send.error ? errorText(send.error) : null}</Alert>
      <form onSubmit={submit} className="card">
        <Field
          id="contact-email"
          label={t("contact.email")}
          type="email"
          autoComplete="email"
          required
          maxLength={200}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          as="textarea"
          id="contact-message"
          label={t("contact.message")}
          hint={t("contact.limit", { used: message.length, max: CONTACT_MESSAGE_MAX_LENGTH })}
          rows={7}
          required
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        {/* aria-disabled while it sends: a disabled button would drop the focus to the page. */}
        <button type="submit" className="button large" aria-disabled={send.isPending}>
          {send.isPending ? t("contact.sending") : t("contact.send")}
        </button>
      </form>
    </div>
  );
}
