// The send-code button's rules (spec sections 4 and 9): one send per second at most, and no new
// code while the countdown is above zero; the countdown starts from the code's expiry.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { useCodeSender } from './use-code-sender';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const setup = () => {
  const send = vi.fn(() => Promise.resolve({ expiredMinutes: 1 }));
  const prepare = vi.fn(() => Promise.resolve('proof'));
  const hook = renderHook(() => useCodeSender({ prepare, send }));
  return { hook, send, prepare };
};

describe('useCodeSender', () => {
  it('counts down from 60 seconds for a one-minute code and refuses to send meanwhile', async () => {
    const { hook, send } = setup();
    await act(() => hook.result.current.sendCode());
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('proof', expect.any(AbortSignal));
    expect(hook.result.current.secondsLeft).toBe(60);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(hook.result.current.secondsLeft).toBe(30);
    await act(() => hook.result.current.sendCode());
    expect(send).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(30_500));
    expect(hook.result.current.secondsLeft).toBe(0);
    await act(() => hook.result.current.sendCode());
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('ignores a second click within one second of the first', async () => {
    const { hook, prepare } = setup();
    prepare.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    await act(() => hook.result.current.sendCode());
    await act(() => hook.result.current.sendCode());
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(hook.result.current.error).toBeInstanceOf(Error);

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await act(() => hook.result.current.sendCode());
    expect(prepare).toHaveBeenCalledTimes(2);
  });
});

describe('useCodeSender when the server says it is too soon', () => {
  it('counts down to the moment the server gives', async () => {
    const send = vi.fn(() =>
      Promise.reject(new ApiError('CODE_SEND_TOO_SOON', { status: 429, retryAfterSeconds: 36 })),
    );
    const hook = renderHook(() => useCodeSender({ prepare: () => Promise.resolve(null), send }));
    await act(() => hook.result.current.sendCode());
    expect(hook.result.current.error).toMatchObject({ code: 'CODE_SEND_TOO_SOON' });
    expect(hook.result.current.secondsLeft).toBe(36);
  });
});
