/**
 * One idempotency key per withdrawal the member means: made when the form is filled in and
 * kept through retries of that submit, so a lost answer never withdraws twice.
 */
export const newWithdrawalKey = (): string => `wd-${crypto.randomUUID()}`;
