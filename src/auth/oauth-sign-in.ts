// Which user an OAuth identity signs in as: its linked account, a verified account with its email, or a new one.
import type { Database } from "../db/client";
import { findOauthUserId, linkOauthAccount } from "../db/oauth-accounts";
import { findAccountByEmail, findAccountById, insertAccount } from "../db/users";
import { EMAIL_MAX_LENGTH, normalizeEmail } from "../domain/account-limits";
import { OauthError, type OauthIdentity, type OauthProvider } from "./oauth";

export async function oauthUserId(
  db: Database,
  provider: OauthProvider,
  identity: OauthIdentity,
): Promise<number> {
  const link = { providerId: provider, providerUserId: identity.providerUserId };
  const linked = await findOauthUserId(db, link);
  if (linked !== null) {
    const account = await findAccountById(db, { userId: linked });
    if (!account || account.deleted) throw new OauthError("account_deleted", "This account was deleted.");
    return account.id;
  }
  if (!identity.email) {
    throw new OauthError("oauth_email_unverified", `Your ${provider} account has no verified email address.`);
  }
  const email = normalizeEmail(identity.email);
  if (email.length > EMAIL_MAX_LENGTH)
    throw new OauthError("oauth_email_invalid", "That email address is too long.");
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await findAccountByEmail(db, { email });
    if (existing) {
      if (existing.deleted) throw new OauthError("account_deleted", "This account was deleted.");
      // Linking to an unverified account would hand it to whoever registered the address first (they may
      // not own it) or keep their password working: its owner must verify it with that password first.
      if (!existing.verified) {
        throw new OauthError(
          "account_unverified",
          "An unverified account uses this email: sign in with its password.",
        );
      }
      await linkOauthAccount(db, { ...link, userId: existing.id });
      return existing.id;
    }
    // The provider verified the address, so the new account starts verified and without a password.
    const created = await insertAccount(db, { email, hashedPassword: null, verified: true });
    if (created) {
      await linkOauthAccount(db, { ...link, userId: created.id });
      return created.id;
    }
    // Someone created the account between our lookup and insert: look again.
  }
  throw new OauthError("oauth_failed", "The account could not be created. Try again.");
}
