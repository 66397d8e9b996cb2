// The admin's team screen: seats used of bought (with a way to add seats), inviting by email, the members with
// this period's usage, and the pending (or declined) invitations to resend or withdraw.
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { looksLikeEmail } from "../../src/domain/account-limits";
import { CHANGE_SUBSCRIPTION_PATH, SUBSCRIPTION_PATH } from "../../src/domain/app-routes";
import { isPaidPlan } from "../../src/domain/plans";
import type { TeamMemberView, TeamView } from "../../src/domain/team";
import { USAGE_CATEGORIES } from "../../src/domain/usage";
import { useInvite, useRemoveMember, useWithdrawInvitation } from "../hooks/use-team";
import { useLocale, useT } from "../i18n";
import { refusedField } from "../lib/refused-field";
import { useApiError } from "../lib/use-api-error";
import { useFocusAfterRemoval } from "../lib/use-focus-after-removal";
import { useInviteError } from "../lib/use-invite-error";
import { Alert } from "./alert";
import { ConfirmDialog } from "./confirm-dialog";
import { Field } from "./field";
import "./team-admin.css";

type AdminView = Extract<TeamView, { role: "admin" }>;

/** Addresses typed one per line, or separated by commas, semicolons or spaces. */
const splitEmails = (text: string) => text.split(/[\s,;]+/).filter((part) => part !== "");

/** An address that may break after its "@" on a narrow screen rather than inside either half. */
function TeamAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** A refusal of the addresses typed (one of them, or how many): the field is marked with it. */
const refusesEntries = (error: unknown) => {
  const path = refusedField(error);
  return path === "emails" || (path?.startsWith("emails.") ?? false);
};

/**
 * The form's invite is the page's (TeamAdmin's): an action on the lists drops the form's last answer, as a new
 * attempt here drops the lists' (`onAttempt`), so that no message outlives the action it spoke of.
 */
function InviteForm({
  open,
  invite,
  onAttempt,
}: {
  open: number;
  invite: ReturnType<typeof useInvite>;
  onAttempt: () => void;
}) {
  const t = useT("account");
  const errorText = useInviteError();
  const [text, setText] = useState("");
  // What is wrong with the entries before asking: which one is no address, or more people than free seats.
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const emails = splitEmails(text);
    if (invite.isPending) return;
    // A new attempt: what the server said of the last one no longer holds (it would show beside this one's).
    invite.reset();
    onAttempt();
    const wrong = emails.find((entry) => !looksLikeEmail(entry));
    const found =
      emails.length === 0
        ? t("team.noEntry")
        : wrong
          ? t("team.invalidEntry", { entry: wrong })
          : open > 0 && emails.length > open
            ? t("team.tooFewSeats", { asked: emails.length, open })
            : null;
    setProblem(found);
    if (found) {
      document.getElementById("team-invite-emails")?.focus();
      return;
    }
    invite.mutate(emails, { onSuccess: () => setText("") });
  };
  const refusal = invite.error ? errorText(invite.error, invite.variables) : null;
  // The server's refusal of the entries (the admin's own address, no free seat) is said under the field, as
  // the checks above are; any other (the network, the subscription) at the form's foot.
  const entriesRefused = refusesEntries(invite.error);
  return (
    <form className="card team-invite" onSubmit={submit} aria-labelledby="team-invite-title">
      <h2 id="team-invite-title">{t("team.inviteTitle")}</h2>
      <Field
        as="textarea"
        id="team-invite-emails"
        label={t("team.inviteLabel")}
        hint={open > 0 ? t("team.inviteHint", { open }) : t("team.noFreeSeat")}
        error={problem ?? (entriesRefused ? (refusal ?? undefined) : undefined)}
        rows={3}
        maxLength={5000}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
          // Edited: the last answer (a refusal, or "sent") spoke of other addresses.
          if (!invite.isPending) invite.reset();
        }}
      />
      <Alert>{entriesRefused ? null : refusal}</Alert>
      {invite.isSuccess ? <Alert tone="success">{t("team.invited")}</Alert> : null}
      <div className="team-actions">
        {/* aria-disabled, not disabled: while it sends, or once sent (the field is cleared), a disabled button
            would drop the focus to the page. The same goes for the lists' buttons below. */}
        <button
          type="submit"
          className="button"
          aria-disabled={invite.isPending || splitEmails(text).length === 0}
        >
          {invite.isPending ? t("team.sending") : t("team.inviteSubmit")}
        </button>
        <Link to={CHANGE_SUBSCRIPTION_PATH} className="button secondary">
          {t("team.addSeats")}
        </Link>
      </div>
    </form>
  );
}

export function TeamAdmin({ view }: { view: AdminView }) {
  const t = useT("account");
  const locale = useLocale();
  const errorText = useApiError();
  const inviteErrorText = useInviteError();
  const remove = useRemoveMember();
  const withdraw = useWithdrawInvitation();
  const resend = useInvite();
  const invite = useInvite();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(iso));
  const failure = remove.error
    ? errorText(remove.error)
    : withdraw.error
      ? errorText(withdraw.error)
      : resend.error
        ? inviteErrorText(resend.error, resend.variables)
        : null;
  const clearListFailures = () => {
    for (const action of [remove, withdraw, resend]) if (action.isError) action.reset();
  };
  // A new action on the lists: an earlier one's refusal, or the form's last answer, would otherwise stay beside
  // (or instead of) its outcome.
  const clearFailures = () => {
    clearListFailures();
    if (!invite.isPending) invite.reset();
  };
  // Removing asks first, in the app's own dialog: the browser gives the focus back to the row's button as it
  // closes (Cancel, Escape or Remove), which keeps it while the row goes, then hands it on (below).
  const removeDialog = useRef<HTMLDialogElement>(null);
  const [removing, setRemoving] = useState<TeamMemberView | null>(null);
  const askRemove = (member: TeamMemberView) => {
    if (remove.isPending) return;
    setRemoving(member);
    removeDialog.current?.showModal();
  };
  const confirmRemove = () => {
    removeDialog.current?.close();
    if (!removing || remove.isPending) return;
    clearFailures();
    remove.mutate(removing.userId);
  };
  const members = useRef<HTMLElement>(null);
  const invitations = useRef<HTMLElement>(null);
  // A row gone (a member removed, an invitation withdrawn or accepted meanwhile) gives the focus to the next
  // row's same button, else the previous one's, else the invitation field.
  const inviteField = () => document.getElementById("team-invite-emails");
  useFocusAfterRemoval(members, ".team-remove", inviteField);
  useFocusAfterRemoval(invitations, ".team-withdraw", inviteField);
  useFocusAfterRemoval(invitations, ".team-resend", inviteField);
  // The team's plan has ended: seats cannot be added to it nor people invited (the server refuses both), and
  // its members have no plan until it is renewed. The page says so, with the way to renew it.
  const ended = !isPaidPlan(view.plan);
  return (
    <>
      {ended ? (
        <Alert tone="info" testId="team-plan-ended">
          <p>{t("team.planEnded")}</p>
          <p>
            <Link to={SUBSCRIPTION_PATH} className="button">
              {t("api.seePlans")}
            </Link>
          </p>
        </Alert>
      ) : null}
      <section className="card team-seats" aria-labelledby="team-seats-title">
        <h2 id="team-seats-title">{t("team.seatsTitle")}</h2>
        <p data-testid="team-seats">
          {t("team.seatsUsed", { count: view.seatsUsed, used: view.seatsUsed, total: view.seats })}
        </p>
        {ended ? null : (
          <>
            <p className="hint">{t("team.seatsHint")}</p>
            <Link to={CHANGE_SUBSCRIPTION_PATH}>{t("team.addSeats")}</Link>
          </>
        )}
      </section>
      {ended ? null : <InviteForm open={view.seatsOpen} invite={invite} onAttempt={clearListFailures} />}
      <Alert>{failure}</Alert>
      <section ref={members} className="card" aria-labelledby="team-members-title">
        <h2 id="team-members-title">{t("team.membersTitle")}</h2>
        <ul className="team-list" data-testid="team-members">
          {view.members.map((member) => (
            <li key={member.userId} data-email={member.email}>
              <div className="team-person">
                <strong id={`team-member-${member.userId}`} className="team-email">
                  <TeamAddress email={member.email} />
                </strong>
                {member.isAdmin ? <span className="badge">{t("team.adminBadge")}</span> : null}
                <span className="hint">{t("team.joined", { date: date(member.joinedAt) })}</span>
              </div>
              <dl className="team-usage">
                {USAGE_CATEGORIES.map((category) => (
                  <div key={category}>
                    <dt>{t(`usage.categories.${category}`)}</dt>
                    <dd data-testid={`member-usage-${category}`}>{member.usage[category]}</dd>
                  </div>
                ))}
              </dl>
              {member.isAdmin ? null : (
                <button
                  type="button"
                  id={`team-remove-${member.userId}`}
                  // Named "Remove ada@example.com": a list of buttons all called "Remove" says not whose.
                  aria-labelledby={`team-remove-${member.userId} team-member-${member.userId}`}
                  className="button secondary small team-remove"
                  aria-disabled={remove.isPending}
                  onClick={() => askRemove(member)}
                >
                  {t("team.remove")}
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section ref={invitations} className="card" aria-labelledby="team-invitations-title">
        <h2 id="team-invitations-title">{t("team.invitationsTitle")}</h2>
        {view.invitations.length === 0 ? (
          <p className="hint">{t("team.invitationsEmpty")}</p>
        ) : (
          <ul className="team-list" data-testid="team-invitations">
            {/* Keyed by address: a resend replaces the invitation (a new id, listed last), and the row moves
                there with its focused button (React keeps the focus of what it moves) instead of being
                replaced by a new one. */}
            {view.invitations.map((invitation) => (
              <li key={invitation.email}>
                <div className="team-person">
                  <strong id={`team-invitation-${invitation.id}`} className="team-email">
                    <TeamAddress email={invitation.email} />
                  </strong>
                  <span className="hint" data-testid="team-invitation-state">
                    {invitation.declined
                      ? t(`team.declined.${invitation.declined}`)
                      : invitation.expired
                        ? t("team.expired")
                        : t("team.expires", { date: date(invitation.expiresAt) })}
                  </span>
                </div>
                <div className="team-actions">
                  <button
                    type="button"
                    id={`team-resend-${invitation.id}`}
                    aria-labelledby={`team-resend-${invitation.id} team-invitation-${invitation.id}`}
                    className="button secondary small team-resend"
                    aria-disabled={resend.isPending}
                    onClick={() => {
                      if (resend.isPending) return;
                      clearFailures();
                      resend.mutate([invitation.email]);
                    }}
                  >
                    {t("team.resend")}
                  </button>
                  <button
                    type="button"
                    id={`team-withdraw-${invitation.id}`}
                    aria-labelledby={`team-withdraw-${invitation.id} team-invitation-${invitation.id}`}
                    className="button secondary small team-withdraw"
                    aria-disabled={withdraw.isPending}
                    onClick={() => {
                      if (withdraw.isPending) return;
                      clearFailures();
                      withdraw.mutate(invitation.id);
                    }}
                  >
                    {t("team.withdraw")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        ref={removeDialog}
        id="team-remove"
        title={t("team.removeTitle")}
        text={t("team.removeText", { email: removing?.email ?? "" })}
        cancel={t("team.cancel")}
        confirm={t("team.removeSubmit")}
        onConfirm={confirmRemove}
      />
    </>
  );
}
