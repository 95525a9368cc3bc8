import {
  LOGIN_TYPES,
  roleOfType,
  type MemberMessage,
  type MessageKind,
  type SendMessageRequestSchema,
  type SentMessage,
  type UnreadMessages,
} from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { readKeysetPage } from '../../shared/keyset.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import { findMemberByUsername } from '../auth/index.ts';
import { sanitizeHtml } from '../content/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { findMerchantByCode } from '../system/index.ts';
import * as repository from './messages.repository.ts';
import type { Box } from './messages.repository.ts';
import type { MessagesEvents } from './messages.types.ts';

export type { Box } from './messages.repository.ts';

type Events = EventSink<MessagesEvents>;

const toMessage = (row: repository.MessageRow): MemberMessage => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  content: row.content,
  createdAt: row.created_at.toISOString(),
  read: row.read,
});

export const getUnreadMessages = async (db: Db, box: Box): Promise<UnreadMessages> => {
  const rows = await repository.countUnread(db, box);
  const of = (kind: MessageKind) => rows.find((row) => row.kind === kind)?.unread ?? 0;
  const platform = of('platform');
  const internal = of('internal');
  return { total: platform + internal, platform, internal };
};

/**
 * One page of a box, newest first, with the unread counts the badges show beside it (issue 30):
 * by the cursor of the page beside it or, without one, by its number within the counted
 * messages, and the total counted up to `MAX_COUNTED_ROWS` (decision 016).
 */
export const findMessages = async (
  db: Db,
  box: Box,
  query: { kind: MessageKind; pageNo: number; pageSize: number; cursor?: string | undefined },
) => {
  const { kind } = query;
  const page = await readKeysetPage(
    query,
    {
      rows: (start, limit) => repository.findBoxPage(db, box, kind, { start, limit }),
      count: (limit) => repository.countBox(db, box, kind, limit),
      keyOf: (row) => ({ atMicros: row.created_at_micros, id: row.id }),
    },
    (rows) => rows.map(toMessage),
  );
  return { ...page, unread: await getUnreadMessages(db, box) };
};

const changed = (tx: Db, events: Events, box: Box) =>
  tx.afterCommit(() => events.emit('messagesChanged', box));

/** Marks one message read; reading it again changes nothing and is no error. */
export const readMessage = (
  db: Db,
  box: Box,
  messageId: string,
  context: { now: Date; events: Events },
): Promise<UnreadMessages> =>
  db.transaction(async (tx) => {
    if (!(await repository.findInBox(tx, box, messageId))) throw new AppError('MESSAGE_NOT_FOUND');
    const marked = await repository.markRead(tx, box, { messageId }, context.now);
    if (marked.length > 0) changed(tx, context.events, box);
    return getUnreadMessages(tx, box);
  });

/** Marks every unread message of one box, or of both, read. */
export const readAllMessages = (
  db: Db,
  box: Box,
  kind: MessageKind | undefined,
  context: { now: Date; events: Events },
): Promise<UnreadMessages> =>
  db.transaction(async (tx) => {
    const marked = await repository.markRead(tx, box, kind ? { kind } : {}, context.now);
    if (marked.length > 0) changed(tx, context.events, box);
    return getUnreadMessages(tx, box);
  });

/**
 * Deletes a message from the member's box for good. Another member's message, or one already
 * deleted, is MESSAGE_NOT_FOUND, exactly like an id that never existed.
 */
export const deleteMessage = (
  db: Db,
  box: Box,
  messageId: string,
  context: { now: Date; events: Events },
): Promise<UnreadMessages> =>
  db.transaction(async (tx) => {
    if (!(await repository.findInBox(tx, box, messageId))) throw new AppError('MESSAGE_NOT_FOUND');
    await repository.markDeleted(tx, box.memberId, messageId, context.now);
    changed(tx, context.events, box);
    return getUnreadMessages(tx, box);
  });

/** A real account of the merchant by username: operators write to no trial or unknown name. */
const findRecipient = async (db: Db, merchantId: number, username: string) => {
  const member = await findMemberByUsername(db, merchantId, username);
  const real =
    member !== null &&
    (LOGIN_TYPES as readonly number[]).includes(member.type) &&
    roleOfType(member.type) !== 'trial';
  if (!member || !real) throw new AppError('NOT_FOUND');
  return { memberId: Number(member.id), username: member.username };
};

/**
 * An operator sends a message (issue 6 item 4): the HTML body is sanitised before it is
 * stored, the send is audit-logged in the same transaction, and after commit the recipient (or
 * every member of the merchant) is told its box changed.
 */
export const sendMessage = (
  db: Db,
  merchantCode: string,
  request: z.output<typeof SendMessageRequestSchema>,
  context: { actor: string; now: Date; events: Events },
): Promise<SentMessage> =>
  db.transaction(async (tx) => {
    const merchant = await findMerchantByCode(tx, merchantCode);
    if (!merchant) throw new AppError('NOT_FOUND');
    const recipient = request.username
      ? await findRecipient(tx, merchant.id, request.username)
      : null;
    const content = sanitizeHtml(request.content);
    if (content.trim() === '') {
      throw new AppError('VALIDATION_FAILED', {
        issues: [{ path: 'content', message: 'nothing is left after sanitising' }],
      });
    }
    const row = await repository.insertMessage(tx, {
      merchantId: merchant.id,
      kind: request.kind,
      memberId: recipient?.memberId ?? null,
      title: request.title,
      content,
      sentBy: context.actor,
      now: context.now,
    });
    const sent: SentMessage = {
      id: row.id,
      kind: request.kind,
      username: recipient?.username ?? null,
      title: request.title,
      content,
      createdAt: row.created_at.toISOString(),
    };
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: context.actor,
      action: 'message.send',
      target: recipient ? `member:${recipient.username}` : `merchant:${merchant.code}`,
      reason: request.reason,
      before: null,
      after: { id: sent.id, kind: sent.kind, title: sent.title },
    });
    tx.afterCommit(() =>
      recipient
        ? context.events.emit('messagesChanged', {
            merchantId: merchant.id,
            memberId: recipient.memberId,
          })
        : context.events.emit('merchantMessagesChanged', { merchantId: merchant.id }),
    );
    return sent;
  });

export type SystemMessage = {
  merchantId: number;
  memberId: number;
  title: string;
  /** HTML the platform wrote itself, with anything a person typed already escaped. */
  content: string;
  now: Date;
};

/**
 * A platform message the system itself writes to one member (a deposit credited, say). It is
 * stored in the caller's transaction, so it exists exactly when what it tells of does, and the
 * member's tabs are told after commit.
 */
export const sendSystemMessage = async (
  tx: Db,
  message: SystemMessage,
  events?: Events,
): Promise<void> => {
  await repository.insertMessage(tx, { ...message, kind: 'platform', sentBy: 'system' });
  tx.afterCommit(() =>
    events?.emit('messagesChanged', { merchantId: message.merchantId, memberId: message.memberId }),
  );
};
