import type { CodeSent } from '@lanna/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api/api-error';
import { codeCountdownDeadline, secondsLeft } from '../utils/code-countdown';

/** Send-code clicks closer together than this are ignored (spec section 9). */
export const SEND_THROTTLE_MS = 1000;

type CodeSenderOptions<P> = {
  /** Work before the request (the human check); not counted in the round trip. */
  prepare: (signal: AbortSignal) => Promise<P>;
  send: (prepared: P, signal: AbortSignal) => Promise<CodeSent>;
  thirdParty?: boolean;
};

/**
 * The send-code button's state (spec section 4, Code sending): sends at most once a second,
 * never while the countdown is above zero, and counts down from the code's expiry.
 */
export const useCodeSender = <P>({ prepare, send, thirdParty = false }: CodeSenderOptions<P>) => {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const lastClick = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const seconds = secondsLeft(deadline, now);

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) setDeadline(null);
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);

  useEffect(() => () => controller.current?.abort(), []);

  const sendCode = useCallback(async (): Promise<boolean> => {
    const clickedAt = Date.now();
    if (clickedAt - lastClick.current < SEND_THROTTLE_MS) return false;
    lastClick.current = clickedAt;
    if (sending || secondsLeft(deadline, clickedAt) > 0) return false;
    setSending(true);
    setError(null);
    controller.current = new AbortController();
    try {
      const prepared = await prepare(controller.current.signal);
      const sentAt = Date.now();
      const { expiredMinutes } = await send(prepared, controller.current.signal);
      const receivedAt = Date.now();
      setNow(receivedAt);
      setDeadline(codeCountdownDeadline({ expiredMinutes, sentAt, receivedAt, thirdParty }));
      return true;
    } catch (caught) {
      if (controller.current.signal.aborted) return false;
      setError(caught);
      // Asked too soon: the server says when a new code may be sent; count down to that.
      if (isApiError(caught) && caught.code === 'CODE_SEND_TOO_SOON' && caught.retryAfterSeconds) {
        const now = Date.now();
        setNow(now);
        setDeadline(now + caught.retryAfterSeconds * 1000);
      }
      return false;
    } finally {
      setSending(false);
    }
  }, [deadline, prepare, send, sending, thirdParty]);

  return { secondsLeft: seconds, sending, sendCode, error, clearError: () => setError(null) };
};

export type CodeSender = ReturnType<typeof useCodeSender>;
