import type { AnnouncementExecution } from '@lanna/contract';

/**
 * Who announcements are for (spec section 4): visitors (B), logged-in members (A), and a
 * member's first login (F). The key tells one signed-in member's closed flag from another's
 * and from a visitor's.
 */
export type AnnouncementAudience = { execution: AnnouncementExecution; userKey: string };

export const ANONYMOUS_KEY = 'anonymous';

export const audienceOf = (
  member: { id: number | string } | null | undefined,
  firstLogin: boolean,
): AnnouncementAudience =>
  member
    ? { execution: firstLogin ? 'F' : 'A', userKey: `member:${member.id}` }
    : { execution: 'B', userKey: ANONYMOUS_KEY };

const closedKey = ({ execution, userKey }: AnnouncementAudience): string =>
  `announcementsClosed:${execution}:${userKey}`;

/** The closed flag is kept for the browser session only (spec section 4). */
export const isAnnouncementClosed = (audience: AnnouncementAudience): boolean => {
  try {
    return sessionStorage.getItem(closedKey(audience)) === '1';
  } catch {
    return false;
  }
};

export const markAnnouncementClosed = (audience: AnnouncementAudience): void => {
  try {
    sessionStorage.setItem(closedKey(audience), '1');
  } catch {
    // Storage can be disabled (private modes); the popup then shows again after a reload.
  }
};
