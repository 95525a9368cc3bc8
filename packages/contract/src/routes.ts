import { getAffiliate } from './auth/affiliate.ts';
import { findDownlines, getInvitation, openDownlineAccount } from './agents/downlines.ts';
import { getTeamOverview } from './agents/team-overview.ts';
import { correctPayout, putAgent } from './agents/agents-ops.ts';
import {
  createPromotion,
  findMemberPromotions,
  findPromotions,
  getPromotionPayouts,
  updatePromotion,
} from './promotions/promotions.ts';
import { claimPromotion, findBonusGrants } from './promotions/bonuses.ts';
import { getEnvelope, openEnvelope } from './promotions/red-envelopes.ts';
import {
  applyToPromotion,
  decidePromotionApplication,
  findMemberApplications,
  findPromotionApplications,
  getApplicationImage,
} from './promotions/applications.ts';
import {
  decideFreezeRequest,
  findFreezeRequests,
  requestDownlineFreeze,
} from './agents/freeze-requests.ts';
import {
  findPayouts,
  findTeamPlayers,
  findTeamTransactions,
  getTeamBetting,
  payDividend,
  previewContract,
} from './agents/team-reports.ts';
import {
  acceptContract,
  acknowledgeContract,
  findContracts,
  getContractRequests,
  offerContract,
  offerHouseContract,
  rejectContract,
  terminateContract,
} from './agents/contracts.ts';
import { getCaptcha } from './auth/captcha.ts';
import { changePassword } from './auth/change-password.ts';
import { freeplayLogin } from './auth/freeplay-login.ts';
import { agentLogin, login } from './auth/login.ts';
import { logout } from './auth/logout.ts';
import { completeFirstLogin, getMemberIcon, getMemberInfo } from './auth/member-info.ts';
import { register } from './auth/register.ts';
import { getSessionKey } from './auth/session-key.ts';
import { findMemberSessions, signOutOtherSessions } from './auth/sessions.ts';
import { forgotPasswordByEmail } from './auth/forgot-password-email.ts';
import { getHumanChallenge } from './auth/human-challenge.ts';
import { sendLoginSmsCode } from './auth/sms-login-code.ts';
import { sendRegisterSmsCode } from './auth/sms-register-code.ts';
import { findOutboxEmail, findOutboxSms } from './ops/outbox.ts';
import { resetPasswordByCode } from './auth/password-reset-code.ts';
import { registerMobile } from './auth/register-mobile.ts';
import { completeSocialLogin, findSocialProviders, startSocialLogin } from './auth/social-login.ts';
import {
  completeSecondVerification,
  sendSecondVerificationCode,
} from './auth/second-verification.ts';
import { enableTotp, getTotpStatus, setupTotp } from './auth/totp.ts';
import { findBanners } from './content/banners.ts';
import { findNotices } from './content/notices.ts';
import { findChatMessages, getChatLaunch, sendChatMessage } from './chat/chat-messages.ts';
import {
  deleteChatMessage,
  findOpsChatMessages,
  getChatSettings,
  muteChatMember,
  putChatSettings,
} from './chat/chat-ops.ts';
import type { Endpoint } from './endpoint.ts';
import { revokeMemberSessions } from './ops/member-sessions.ts';
import { getLiveFigures } from './live/live-figures.ts';
import { findWinners } from './live/winners.ts';
import {
  deleteMessage,
  findMessages,
  getUnreadMessages,
  readAllMessages,
  readMessage,
} from './messages/messages.ts';
import { sendMessage } from './messages/messages-ops.ts';
import { findDepositChannels } from './payments/deposit-channels.ts';
import { approveDeposit, findOpsDeposits, rejectDeposit } from './payments/deposit-review.ts';
import { createDeposit, findDeposits } from './payments/deposits.ts';
import { receiveGatewayCallback } from './payments/payment-gateway.ts';
import {
  bindBankCard,
  bindEWallet,
  findPayeeAccounts,
  unbindPayeeAccount,
} from './payments/bank-cards.ts';
import {
  changePaymentPassword,
  getPaymentPasswordStatus,
  setPaymentPassword,
  verifyPaymentPassword,
} from './payments/payment-password.ts';
import {
  confirmWithdrawal,
  findWithdrawals,
  getWithdrawal,
  getWithdrawalOptions,
  getWithdrawalProof,
  requestWithdrawal,
} from './payments/withdrawal.ts';
import {
  approveWithdrawal,
  findOpsWithdrawals,
  findWithdrawalDisputes,
  getOpsWithdrawalProof,
  getWithdrawalSettings,
  putWithdrawalSettings,
  rejectWithdrawal,
  resolveWithdrawalDispute,
} from './payments/withdrawal-ops.ts';
import { getGameMenus } from './games/game-menus.ts';
import {
  addFavouriteGame,
  findFavouriteGames,
  findFavouriteIds,
  removeFavouriteGame,
} from './games/favourites.ts';
import { findGameVendors } from './games/game-vendors.ts';
import { findGames } from './games/games-list.ts';
import { findHotGames, findPopularGames } from './games/hot-games.ts';
import { findPvpRooms } from './games/pvp-rooms.ts';
import { setGameMaintenance, setVendorMaintenance } from './games/games-ops.ts';
import { findRecentGames } from './games/recent-games.ts';
import { findVassalageGameTypes } from './games/vassalage-types.ts';
import { launchFreeGame, launchGame } from './games/launch-game.ts';
import { getMerchantAccessSettings, putMerchantAccessSettings } from './ops/merchant-settings.ts';
import { findReconciliationRuns, runReconciliation } from './ops/reconciliation.ts';
import {
  adjustMemberBalance,
  getMemberWallets,
  getMerchantWalletSettings,
  putMerchantWalletSettings,
  setMemberFrozen,
} from './ops/wallet-ops.ts';
import { getConsolidatedFunds } from './wallet/consolidated-funds.ts';
import {
  getUplineTransferInfo,
  transferToDownline,
  transferToUpline,
} from './wallet/member-transfer.ts';
import { getMerchantWallet } from './wallet/merchant-wallet.ts';
import { walletTransfer } from './wallet/wallet-transfer.ts';
import { getDomainRoute, getRouters } from './system/domains.ts';
import { getHealth } from './system/health.ts';
import { updateLanguage } from './system/language.ts';
import { getMerchant } from './system/merchant.ts';
import { getPermission } from './system/permission.ts';
import { getRegisterRules, getRegisterSettings } from './system/register-settings.ts';
import { getSystemStatus } from './system/status.ts';
import { getWhitelabel } from './system/whitelabel.ts';
import { findAccountRecord } from './wallet/account-record.ts';
import { findBettingRecord } from './betting/betting-record.ts';
import { findProfitLoss } from './betting/profit-loss.ts';
import { getWalletBalance } from './wallet/balance.ts';
import { vendorBalance } from './vendor-wallet/vendor-balance.ts';
import { vendorCredit } from './vendor-wallet/vendor-credit.ts';
import { vendorDebit } from './vendor-wallet/vendor-debit.ts';
import { vendorRollback } from './vendor-wallet/vendor-rollback.ts';
import {
  putVendorIpAllowlist,
  rotateVendorCredentialSecret,
} from './vendor-wallet/vendor-credentials-ops.ts';

import { getJackpot } from './games/jackpot.ts';
import { findAnnouncements } from './content/announcements.ts';
import { getHelpCentre } from './content/help-centre.ts';
import { findFeedback, submitFeedback } from './content/feedback.ts';
import {
  createAnnouncement,
  createNotice,
  findOpsFeedback,
  getFeedbackImage,
  putHelpArticle,
  replyToFeedback,
  withdrawAnnouncement,
} from './content/content-ops.ts';
/** The route table: every endpoint of the API. Tests walk it to probe every route. */
export const ENDPOINTS = [
  getHealth,
  getSystemStatus,
  getPermission,
  getWhitelabel,
  getMerchant,
  getDomainRoute,
  getRouters,
  getRegisterSettings,
  getRegisterRules,
  updateLanguage,
  getGameMenus,
  findBanners,
  findNotices,
  getMerchantAccessSettings,
  putMerchantAccessSettings,
  getSessionKey,
  getCaptcha,
  login,
  agentLogin,
  freeplayLogin,
  logout,
  register,
  getAffiliate,
  getMemberInfo,
  getMemberIcon,
  completeFirstLogin,
  changePassword,
  findMemberSessions,
  signOutOtherSessions,
  revokeMemberSessions,
  getHumanChallenge,
  sendLoginSmsCode,
  sendRegisterSmsCode,
  forgotPasswordByEmail,
  findOutboxSms,
  findOutboxEmail,
  getTotpStatus,
  setupTotp,
  enableTotp,
  sendSecondVerificationCode,
  completeSecondVerification,
  resetPasswordByCode,
  registerMobile,
  findSocialProviders,
  startSocialLogin,
  completeSocialLogin,
  getWalletBalance,
  findAccountRecord,
  getMerchantWallet,
  walletTransfer,
  getUplineTransferInfo,
  transferToUpline,
  transferToDownline,
  getTeamOverview,
  findDownlines,
  openDownlineAccount,
  getInvitation,
  findContracts,
  getContractRequests,
  offerContract,
  acceptContract,
  rejectContract,
  terminateContract,
  acknowledgeContract,
  offerHouseContract,
  getTeamBetting,
  findTeamPlayers,
  findTeamTransactions,
  findPayouts,
  payDividend,
  previewContract,
  putAgent,
  correctPayout,
  requestDownlineFreeze,
  findFreezeRequests,
  decideFreezeRequest,
  findPromotions,
  findMemberPromotions,
  createPromotion,
  updatePromotion,
  getPromotionPayouts,
  claimPromotion,
  findBonusGrants,
  openEnvelope,
  getEnvelope,
  applyToPromotion,
  findMemberApplications,
  findPromotionApplications,
  decidePromotionApplication,
  getApplicationImage,
  getConsolidatedFunds,
  getMerchantWalletSettings,
  putMerchantWalletSettings,
  getMemberWallets,
  adjustMemberBalance,
  setMemberFrozen,
  findDepositChannels,
  createDeposit,
  findDeposits,
  receiveGatewayCallback,
  findOpsDeposits,
  approveDeposit,
  rejectDeposit,
  vendorBalance,
  vendorDebit,
  vendorCredit,
  vendorRollback,
  rotateVendorCredentialSecret,
  putVendorIpAllowlist,
  getPaymentPasswordStatus,
  setPaymentPassword,
  changePaymentPassword,
  verifyPaymentPassword,
  findPayeeAccounts,
  bindBankCard,
  bindEWallet,
  unbindPayeeAccount,
  getWithdrawalOptions,
  requestWithdrawal,
  findWithdrawals,
  getWithdrawal,
  confirmWithdrawal,
  getWithdrawalProof,
  findOpsWithdrawals,
  approveWithdrawal,
  rejectWithdrawal,
  getOpsWithdrawalProof,
  findWithdrawalDisputes,
  resolveWithdrawalDispute,
  getWithdrawalSettings,
  putWithdrawalSettings,
  launchGame,
  launchFreeGame,
  findReconciliationRuns,
  runReconciliation,
  findGames,
  findGameVendors,
  findVassalageGameTypes,
  findHotGames,
  findPopularGames,
  findFavouriteIds,
  findFavouriteGames,
  addFavouriteGame,
  removeFavouriteGame,
  findRecentGames,
  findPvpRooms,
  setGameMaintenance,
  setVendorMaintenance,
  findMessages,
  getUnreadMessages,
  readMessage,
  readAllMessages,
  deleteMessage,
  sendMessage,
  findWinners,
  getLiveFigures,
  findBettingRecord,
  findProfitLoss,
  getJackpot,
  findAnnouncements,
  getHelpCentre,
  findFeedback,
  submitFeedback,
  createNotice,
  createAnnouncement,
  withdrawAnnouncement,
  putHelpArticle,
  findOpsFeedback,
  getFeedbackImage,
  replyToFeedback,
  findChatMessages,
  sendChatMessage,
  getChatLaunch,
  findOpsChatMessages,
  deleteChatMessage,
  muteChatMember,
  getChatSettings,
  putChatSettings,
] as const satisfies readonly Endpoint[];
