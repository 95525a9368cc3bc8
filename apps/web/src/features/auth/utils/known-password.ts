/**
 * The password a login has just used, kept in memory only (never in storage) so the forced
 * change-password popup need not ask for it again (spec section 5: the old password is
 * required unless already known). A reload forgets it and the popup asks.
 */
let known: string | null = null;

export const rememberKnownPassword = (password: string | null): void => {
  known = password;
};

export const knownPassword = (): string | null => known;
