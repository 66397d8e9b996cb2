// Which user an OAuth identity signs in as: its linked account, the verified account with its email (or
// the unverified claim on it, taken over), or a new one.
import type { Database } from "../db/client";
import { findOauthUserId, linkOauthAccount } from "../db/oauth-accounts";
import { findAccountById, findAccountsByEmail, insertVerifiedAccount, takeOverClaim } from "../db/users";
import { EMAIL_MAX_LENGTH, normalizeEmail } from "../domain/account-limits";
import { OauthError, type OauthIdentity, type OauthProvider } from "./oauth";

const deleted = () => new OauthError("account_deleted", "This account was deleted.");

export async function oauthUserId(
  db: Database,
  provider: OauthProvider,
  identity: OauthIdentity,
): Promise<number> {
  const link = { providerId: provider, providerUserId: identity.providerUserId };
  const linked = await findOauthUserId(db, link);
  if (linked !== null) {
    const account = await findAccountById(db, { userId: linked });
    if (!account || account.deleted) throw deleted();
    return account.id;
  }
  if (!identity.email) {
    throw new OauthError("oauth_email_unverified", `Your ${provider} account has no verified email address.`);
  }
  const email = normalizeEmail(identity.email);
  if (email.length > EMAIL_MAX_LENGTH)
    throw new OauthError("oauth_email_invalid", "That email address is too long.");
  for (let attempt = 0; attempt < 2; attempt++) {
    const { verified, unverified } = await findAccountsByEmail(db, { email });
    if (verified) {
      if (verified.deleted) throw deleted();
      await linkOauthAccount(db, { ...link, userId: verified.id });
      return verified.id;
    }
    // The provider proved the address; whoever registered it without confirming did not. The claim becomes
    // this person's account: verified, its password dropped, its sessions ended.
    if (unverified && (await takeOverClaim(db, { userId: unverified.id }))) {
      await linkOauthAccount(db, { ...link, userId: unverified.id });
      return unverified.id;
    }
    // The provider verified the address, so the new account starts verified and without a password.
    if (!unverified) {
      const created = await insertVerifiedAccount(db, { email });
      if (created) {
        await linkOauthAccount(db, { ...link, userId: created.id });
        return created.id;
      }
    }
    // Someone changed the address's accounts between our lookup and our write: look again.
  }
  throw new OauthError("oauth_failed", "The account could not be created. Try again.");
}
