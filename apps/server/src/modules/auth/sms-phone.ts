/**
 * A mobile number as a member types it (`0812345678`) with the country dialing code (`+66`),
 * in E.164 (`+66812345678`): what codes are bound to and SMS are sent to. Null when it cannot
 * be a phone number (E.164 allows 15 digits at most).
 */
export const toE164 = (countryDialingCode: string, mobileNum: string): string | null => {
  const country = countryDialingCode.trim().replace(/^\+/, '');
  const national = withoutLeadingZeros(mobileNum.trim());
  if (!/^[1-9][0-9]{0,3}$/.test(country) || !/^[1-9][0-9]{5,13}$/.test(national)) return null;
  if (country.length + national.length > 15) return null;
  return `+${country}${national}`;
};

/** The username of a mobile registration: the number without leading zeros (spec section 4). */
export const withoutLeadingZeros = (mobileNum: string): string => mobileNum.replace(/^0+/, '');

/** `+66812345678` shown as `+66*****5678`, to tell a member where a code went. */
export const maskPhone = (e164: string): string =>
  e164.length <= 7 ? e164 : `${e164.slice(0, 3)}${'*'.repeat(e164.length - 7)}${e164.slice(-4)}`;

/** `someone@example.com` shown as `so*****@example.com`. */
export const maskEmail = (email: string): string => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}${'*'.repeat(Math.max(3, local.length - 2))}@${domain}`;
};
