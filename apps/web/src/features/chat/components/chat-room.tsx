import {
  CHAT_MESSAGE_MAX_LENGTH,
  chatTextLength,
  ChatTextSchema,
  type ChatLaunch,
  type ChatMessage,
} from '@lanna/contract';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api/api-error';
import {
  realtime,
  useRealtimeFrame,
  useRealtimeStatus,
  useRealtimeTopic,
} from '@/lib/realtime/realtime';
import { formatDateTime } from '@/lib/time';
import { useChatHistory } from '../api/find-chat-messages';
import { useChatLaunch } from '../api/get-chat-launch';
import { useSendChatMessage } from '../api/send-chat-message';
import { ROOM_MESSAGE_LIMIT, roomMessages } from '../utils/room-messages';
import styles from './chat-room.module.css';

type ChatRoomProps = { token: string; timeZone: string };

/**
 * The chat room pop-up (spec section 2; issue 6 item 9). A merchant with an external chat gets
 * a button to open it; otherwise the room: the latest messages on opening, new ones as the
 * realtime socket brings them, and a composer for real accounts (a trial reads only).
 */
export const ChatRoom = ({ token, timeZone }: ChatRoomProps) => {
  const { t } = useTranslation();
  const launch = useChatLaunch(token);
  if (launch.isPending)
    return (
      <div className={styles.center}>
        <Spinner label={t('common.loading')} />
      </div>
    );
  if (launch.isError)
    return (
      <LoadError
        message={t('chat.loadFailed')}
        onRetry={() => void launch.refetch()}
        testId="chat-load-error"
      />
    );
  if (launch.data.chatUrl) return <ExternalChat url={launch.data.chatUrl} />;
  return <Room token={token} timeZone={timeZone} launch={launch.data} />;
};

const ExternalChat = ({ url }: { url: string }) => {
  const { t } = useTranslation();
  return (
    <div className={styles.center} data-testid="chat-external">
      <p>{t('chat.external')}</p>
      <a className="btn btn--primary" href={url} target="_blank" rel="noopener noreferrer">
        {t('chat.openExternal')}
      </a>
    </div>
  );
};

const Room = ({ token, timeZone, launch }: ChatRoomProps & { launch: ChatLaunch }) => {
  const { t } = useTranslation();
  const history = useChatHistory(token, true);
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [deleted, setDeleted] = useState<ReadonlySet<number>>(new Set());
  const status = useRealtimeStatus();
  const { refetch } = history;

  useRealtimeTopic('chat');
  useRealtimeFrame('chatMessage', ({ message }) =>
    setLive((previous) => [...previous.slice(-ROOM_MESSAGE_LIMIT), message]),
  );
  useRealtimeFrame('chatDeleted', ({ messageId }) =>
    setDeleted((previous) => new Set(previous).add(messageId)),
  );
  // Joined (again): whatever was said before the socket listened comes from the history.
  useRealtimeFrame('subscribed', () => void refetch());
  useEffect(
    () =>
      realtime.onSignal((signal) => {
        if (signal.type === 'resumed') void refetch();
      }),
    [refetch],
  );

  const messages = useMemo(
    () => roomMessages(history.data?.messages ?? [], live, deleted),
    [history.data, live, deleted],
  );
  const addOwn = (message: ChatMessage) => setLive((previous) => [...previous, message]);

  return (
    <div className={styles.room} data-testid="chat-room">
      {status === 'reconnecting' && (
        <p className={styles.status} role="status" data-testid="chat-reconnecting">
          {t('realtime.reconnecting')}
        </p>
      )}
      <MessageList
        messages={messages}
        memberId={launch.memberId}
        timeZone={timeZone}
        loading={history.isPending}
        failed={history.isError && messages.length === 0}
        onRetry={() => void refetch()}
      />
      {launch.canSend ? (
        <Composer onSent={addOwn} />
      ) : (
        <p className={styles.note} data-testid="chat-read-only">
          {launch.mutedUntil
            ? t('chat.muted', { until: formatDateTime(new Date(launch.mutedUntil), timeZone) })
            : t('chat.readOnly')}
        </p>
      )}
    </div>
  );
};

type MessageListProps = {
  messages: ChatMessage[];
  memberId: number;
  timeZone: string;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
};

const NEAR_BOTTOM_PX = 80;

const MessageList = ({
  messages,
  memberId,
  timeZone,
  loading,
  failed,
  onRetry,
}: MessageListProps) => {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const lastId = messages.at(-1)?.id;

  // Follow new messages while the reader is at the bottom; leave them be while reading back.
  useEffect(() => {
    const element = list.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  if (loading && messages.length === 0)
    return (
      <div className={styles.center}>
        <Spinner label={t('common.loading')} />
      </div>
    );
  if (failed) return <LoadError message={t('chat.loadFailed')} onRetry={onRetry} />;
  if (messages.length === 0)
    return (
      <p className={styles.empty} data-testid="chat-empty">
        {t('chat.empty')}
      </p>
    );
  return (
    // The log is the scrolling region; the list inside keeps its items' list semantics.
    <div
      ref={list}
      className={styles.list}
      role="log"
      aria-live="polite"
      aria-label={t('chat.messages')}
      tabIndex={0}
      data-testid="chat-messages"
      onScroll={(event) => {
        const element = event.currentTarget;
        pinned.current =
          element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
      }}
    >
      <ol className={styles.items}>
        {messages.map((message) => {
          const own = message.authorId === memberId;
          const sentAt = formatDateTime(new Date(message.sentAt), timeZone);
          return (
            <li
              key={message.id}
              className={own ? `${styles.message} ${styles.own}` : styles.message}
              data-testid="chat-message"
            >
              <div className={styles.meta}>
                <span className={styles.author}>{own ? t('chat.you') : message.author}</span>
                <time dateTime={message.sentAt} title={sentAt}>
                  {sentAt.slice(-5)}
                </time>
              </div>
              {/* Plain text only: React escapes it, and chat is never rendered as HTML. */}
              <p className={styles.text}>{message.text}</p>
            </li>
          );
        })}
      </ol>
    </div>
  );
};

const composerSchema = z.object({ text: ChatTextSchema });

const Composer = ({ onSent }: { onSent: (message: ChatMessage) => void }) => {
  const { t } = useTranslation();
  const inputId = useId();
  const send = useSendChatMessage();
  const form = useContractForm(composerSchema, { text: '' });
  const text = form.watch('text');
  const length = chatTextLength(text.trim());
  const tooLong = length > CHAT_MESSAGE_MAX_LENGTH;
  const sendable = ChatTextSchema.safeParse(text).success && !form.formState.isSubmitting;

  const submit = form.submit(async (message) => {
    try {
      onSent(await send.mutateAsync(message.text));
      form.reset();
    } catch (failure) {
      if (!isApiError(failure) || failure.code !== 'RATE_LIMITED') throw failure;
      form.setError('root.server', {
        type: failure.code,
        message: t('chat.slowDown', { seconds: failure.retryAfterSeconds ?? 10 }),
      });
    }
  });

  return (
    <form className={styles.composer} onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        {t('chat.placeholder')}
      </label>
      <input
        id={inputId}
        className={styles.input}
        {...form.register('text')}
        placeholder={t('chat.placeholder')}
        autoComplete="off"
        aria-invalid={tooLong || undefined}
        aria-describedby={`${inputId}-count`}
        data-testid="chat-input"
      />
      <span
        id={`${inputId}-count`}
        className={tooLong ? `${styles.count} ${styles.countOver}` : styles.count}
        aria-live="polite"
      >
        {t('chat.count', { count: length, max: CHAT_MESSAGE_MAX_LENGTH })}
      </span>
      <button
        type="submit"
        className="btn btn--primary"
        disabled={!sendable}
        data-testid="chat-send"
      >
        {t('chat.send')}
      </button>
      {form.alert && (
        <p className={styles.error} role="alert" data-testid="chat-error">
          {form.alert}
        </p>
      )}
    </form>
  );
};
