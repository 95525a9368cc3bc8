import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_SECONDS,
  LOGIN_TYPES,
  type ChatLaunch,
  type ChatMessage,
  type ChatMute,
  type ChatSettings,
  type OpsChatMessage,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { toIso, toIsoOrNull } from '../../shared/clock.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import { findMemberByUsername, type SessionMember } from '../auth/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { findMerchantByCode, type MerchantRef } from '../system/index.ts';
import * as repository from './chat.repository.ts';

/** The events the chat module publishes, after commit only; the realtime gateway pushes them. */
export type ChatEvents = {
  chatMessagePosted: { merchantId: number; message: ChatMessage };
  chatMessageDeleted: { merchantId: number; messageId: number };
};

/** Who acts, when, and why: what every operator action writes to the audit log. */
export type OperatorAction = { actor: string; reason: string; now: Date };

const WINDOW_MS = CHAT_RATE_WINDOW_SECONDS * 1000;

const messageOf = (row: repository.ChatMessageRow): ChatMessage => ({
  id: Number(row.id),
  authorId: Number(row.member_id),
  author: row.author_name,
  text: row.text,
  sentAt: toIso(row.sent_at),
});

const opsMessageOf = (row: repository.OpsChatMessageRow): OpsChatMessage => ({
  ...messageOf(row),
  username: row.username,
  deletedAt: toIsoOrNull(row.deleted_at),
});

/**
 * The name others see: the nickname, else the username with its middle hidden, so the room
 * never shows a login name in full.
 */
export const authorNameOf = (member: { nickname: string; username: string }): string => {
  const nickname = member.nickname.trim();
  if (nickname) return Array.from(nickname).slice(0, 64).join('');
  const letters = Array.from(member.username);
  if (letters.length <= 3) return `${letters[0] ?? ''}***`;
  return `${letters.slice(0, 2).join('')}***${letters.at(-1) ?? ''}`;
};

const isMuted = (mutedUntil: Date | null, now: Date): boolean =>
  mutedUntil !== null && mutedUntil > now;

/** Launch chat (spec section 7, Live): the external chat's address, or the room's rules. */
export const getChatLaunch = async (
  db: Db,
  session: SessionMember,
  now: Date,
): Promise<ChatLaunch> => {
  const chatUrl = await repository.findExternalChatUrl(db, session.merchantId);
  const mutedUntil = chatUrl
    ? null
    : await repository.findMutedUntil(db, session.merchantId, session.memberId);
  return {
    chatUrl,
    memberId: session.memberId,
    canSend: chatUrl === null && session.role !== 'trial' && !isMuted(mutedUntil, now),
    mutedUntil: isMuted(mutedUntil, now) ? toIsoOrNull(mutedUntil) : null,
    maxLength: CHAT_MESSAGE_MAX_LENGTH,
  };
};

const assertBuiltInRoom = async (db: Db, merchantId: number): Promise<void> => {
  if (await repository.findExternalChatUrl(db, merchantId)) throw new AppError('CHAT_EXTERNAL');
};

/** The room's latest messages (or those before `beforeId`), oldest first, deleted ones left out. */
export const findHistory = async (
  db: Db,
  merchantId: number,
  query: { beforeId?: number | undefined; limit: number },
): Promise<ChatMessage[]> => {
  await assertBuiltInRoom(db, merchantId);
  const rows = await repository.findVisibleMessages(
    db,
    merchantId,
    query.beforeId ?? null,
    query.limit,
  );
  return rows.reverse().map(messageOf);
};

/**
 * Posts a message: refused in an external-chat merchant, while muted, and past CHAT_RATE_LIMIT
 * messages in CHAT_RATE_WINDOW_SECONDS (with the seconds until the oldest leaves the window).
 * The member's advisory lock makes the count and the insert one step, so a burst of parallel
 * posts cannot pass the limit together. Everyone in the room hears it once it is committed.
 */
export const sendMessage = (
  db: Db,
  events: EventSink<ChatEvents>,
  session: SessionMember,
  text: string,
  now: Date,
): Promise<ChatMessage> =>
  db.transaction(async (tx) => {
    const { merchantId, memberId } = session;
    await repository.lockMemberChat(tx, merchantId, memberId);
    await assertBuiltInRoom(tx, merchantId);
    if (isMuted(await repository.findMutedUntil(tx, merchantId, memberId), now))
      throw new AppError('CHAT_MUTED');
    const recent = await repository.findRecentSendTimes(
      tx,
      merchantId,
      memberId,
      new Date(now.getTime() - WINDOW_MS),
    );
    const oldest = recent[0];
    if (recent.length >= CHAT_RATE_LIMIT && oldest) {
      const waitMs = oldest.getTime() + WINDOW_MS - now.getTime();
      throw new AppError('RATE_LIMITED', {
        details: { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
      });
    }
    const row = await repository.insertMessage(tx, {
      merchantId,
      memberId,
      authorName: authorNameOf(session),
      text,
      now,
    });
    const message = messageOf(row);
    tx.afterCommit(() => events.emit('chatMessagePosted', { merchantId, message }));
    return message;
  });

const getMerchant = async (db: Db, merchantCode: string): Promise<MerchantRef> => {
  const merchant = await findMerchantByCode(db, merchantCode);
  if (!merchant) throw new AppError('NOT_FOUND');
  return merchant;
};

export const findOpsMessages = async (
  db: Db,
  merchantCode: string,
  limit: number,
): Promise<OpsChatMessage[]> => {
  const merchant = await getMerchant(db, merchantCode);
  return (await repository.findOpsMessages(db, merchant.id, limit)).map(opsMessageOf);
};

/**
 * Deletes a message from the room: hidden from history and removed from every open room. A
 * second delete answers the message as it is and changes nothing (no audit row, no event).
 */
export const deleteMessage = (
  db: Db,
  events: EventSink<ChatEvents>,
  merchantCode: string,
  messageId: number,
  action: OperatorAction,
): Promise<OpsChatMessage> =>
  db.transaction(async (tx) => {
    const merchant = await getMerchant(tx, merchantCode);
    const row = await repository.findOpsMessage(tx, merchant.id, messageId);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.deleted_at) return opsMessageOf(row);
    await repository.markDeleted(tx, messageId, action.actor, action.now);
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: action.actor,
      action: 'chat.message.delete',
      target: `chat-message:${messageId}`,
      reason: action.reason,
      before: { text: row.text, username: row.username },
      after: null,
    });
    tx.afterCommit(() => events.emit('chatMessageDeleted', { merchantId: merchant.id, messageId }));
    return opsMessageOf({ ...row, deleted_at: action.now });
  });

/** Mutes a member of the merchant for `minutes` (0 lifts it), with its audit row. */
export const muteMember = (
  db: Db,
  merchantCode: string,
  username: string,
  minutes: number,
  action: OperatorAction,
): Promise<ChatMute> =>
  db.transaction(async (tx) => {
    const merchant = await getMerchant(tx, merchantCode);
    const member = await findMemberByUsername(tx, merchant.id, username);
    if (!member || !(LOGIN_TYPES as readonly number[]).includes(member.type))
      throw new AppError('NOT_FOUND');
    const memberId = Number(member.id);
    const before = await repository.findMutedUntil(tx, merchant.id, memberId);
    const mutedUntil = minutes > 0 ? new Date(action.now.getTime() + minutes * 60_000) : null;
    if (mutedUntil) await repository.upsertMute(tx, merchant.id, memberId, mutedUntil, action.now);
    else await repository.deleteMute(tx, merchant.id, memberId);
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: action.actor,
      action: mutedUntil ? 'chat.member.mute' : 'chat.member.unmute',
      target: `member:${member.username}`,
      reason: action.reason,
      before: { mutedUntil: toIsoOrNull(before) },
      after: { mutedUntil: toIsoOrNull(mutedUntil) },
    });
    return { username: member.username, mutedUntil: toIsoOrNull(mutedUntil) };
  });

export const getChatSettings = async (db: Db, merchantCode: string): Promise<ChatSettings> => {
  const merchant = await getMerchant(db, merchantCode);
  return { externalChatUrl: await repository.findExternalChatUrl(db, merchant.id) };
};

export const changeChatSettings = (
  db: Db,
  merchantCode: string,
  next: ChatSettings,
  action: OperatorAction,
): Promise<ChatSettings> =>
  db.transaction(async (tx) => {
    const merchant = await getMerchant(tx, merchantCode);
    const before = await repository.findExternalChatUrl(tx, merchant.id);
    await repository.upsertChatSettings(tx, merchant.id, next.externalChatUrl, action.now);
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: action.actor,
      action: 'chat.settings.replace',
      target: `merchant:${merchant.code}`,
      reason: action.reason,
      before: { externalChatUrl: before },
      after: next,
    });
    return next;
  });
