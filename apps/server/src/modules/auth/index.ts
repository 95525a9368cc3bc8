/**
 * The auth module: sessions, password login, free play, registration, passwords and captcha
 * (spec sections 3 to 8; issue 3). Other modules sign a member in through `completeLogin`
 * (code and social logins) and read the caller from `request.session` (plugins/session.ts).
 */
export { authRoutes, type AuthRoutesOptions } from './auth.routes.ts';
/** Verification codes, the human check, TOTP, second verification and reset by code. */
export { codesRoutes } from './codes.routes.ts';
/** Social login through OpenID Connect (decision 006). */
export { socialLoginRoutes } from './social-login.routes.ts';
export { completeLogin, type AuthContext } from './login.service.ts';
export { checkCaptcha } from './captcha.service.ts';
export {
  authenticate,
  endOtherSessions,
  findUsableSessions,
  hashToken,
  policyOf,
  startSession,
  type AuthEvents,
  type SessionMember,
  type SessionRevoked,
  type SessionPolicy,
} from './session.service.ts';
export type { LoginMethod } from './session.repository.ts';
/** The live figures' online count: sessions are this module's table. */
export { countOnlineMembers } from './session.repository.ts';
export {
  findMemberByUsername,
  findMembers,
  findPaymentProfile,
  getMember,
  insertHierarchy,
  savePaymentPasswordHash,
  type MemberRow,
} from './member.repository.ts';
/** Accounts an agent opens for its team, and its affiliate code for invitations. */
export { affiliateCodeOf, openDownlineAccount } from './downline-account.service.ts';
/** The agent hierarchy for other modules: uplines, subtrees (transfers, consolidated funds). */
export {
  countDescendants,
  findDescendantIds,
  findDirectUpline,
  findInSubtree,
  isInSubtree,
  moveSubtree,
  setMemberType,
  type HierarchyMember,
} from './hierarchy.repository.ts';
