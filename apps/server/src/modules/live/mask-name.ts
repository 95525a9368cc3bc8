/**
 * A winner's name as the public board shows it: the first two and the last character of the
 * username around a fixed `***`, so neither the full name nor its length leaves the server.
 * Names of three characters or fewer keep only the first. Characters, not UTF-16 units, so a
 * Thai or emoji name is never cut inside a character.
 */
export const maskWinnerName = (username: string): string => {
  const chars = Array.from(username.trim());
  if (chars.length === 0) return '***';
  if (chars.length <= 3) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars.at(-1) ?? ''}`;
};
