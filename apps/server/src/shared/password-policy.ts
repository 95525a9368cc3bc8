/**
 * The password rule every merchant rule sits on (checklist 15, ASVS 6.2): at least 8
 * characters, up to 128, and not one of the passwords attackers try first. Composition rules are
 * the merchant's (its registration rule for `password`), not ours.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The password of the demo account that exercises the forced change (spec section 4). */
export const FORCED_CHANGE_PASSWORD = '123456';

// The most common passwords of public breach corpora, lower-cased; a candidate is refused when
// it, lower-cased and with trailing digits and symbols removed, is on the list.
const COMMON = `123456 123456789 12345678 password qwerty123 qwerty 1q2w3e 12345 1234567890
111111 1234567 123123 abc123 password1 iloveyou 000000 qwertyuiop 654321 123321 666666 7777777
1qaz2wsx zxcvbnm asdfghjkl dragon monkey letmein football baseball welcome admin master sunshine
princess shadow superman michael jordan trustno1 passw0rd p@ssw0rd p@ssword login starwars
hello freedom whatever qazwsx charlie donald batman access loveme aa123456 a123456 abcd1234
qwe123 zaq12wsx 1q2w3e4r 1q2w3e4r5t q1w2e3r4 q1w2e3r4t5y6 asdasd asdf1234 password123
admin123 root toor changeme default secret test test123 guest welcome1 summer winter spring
autumn football1 baseball1 iloveyou1 lovely flower hottie pokemon naruto killer soccer hockey
computer internet samsung google apple mustang harley ranger jennifer hunter buster thomas
tigger robert daniel andrew joshua matthew ginger jessica pepper cheese chocolate 987654321
11111111 88888888 12341234 1111111111 0123456789 123qwe 123abc qwerty1 password12
casino poker bet365 jackpot slot lotto`
  .split(/\s+/)
  .filter(Boolean);
const COMMON_SET = new Set(COMMON);

const stem = (password: string): string =>
  password
    .toLowerCase()
    .replace(/[\d\W_]+$/u, '')
    .trim();

/** True when the password is too easy to guess to be accepted, whatever the merchant rule. */
export const isCommonPassword = (password: string): boolean => {
  const lower = password.toLowerCase();
  if (COMMON_SET.has(lower) || COMMON_SET.has(stem(password))) return true;
  // One character repeated, or a straight run of digits, is never a password.
  return (
    /^(.)\1*$/u.test(password) ||
    '01234567890'.includes(password) ||
    '9876543210'.includes(password)
  );
};
