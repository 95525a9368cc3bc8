// The send-code countdown of spec section 4: 60 s per expiry minute, less half the round trip,
// one minute for a third-party verifier, and nothing left once the deadline has passed.
import { describe, expect, it } from 'vitest';
import { codeCountdownDeadline, secondsLeft } from './code-countdown';

describe('codeCountdownDeadline', () => {
  it('counts 60 seconds per expiry minute from the answer, less half the round trip', () => {
    const deadline = codeCountdownDeadline({ expiredMinutes: 5, sentAt: 1_000, receivedAt: 1_400 });
    expect(deadline).toBe(1_400 + 300_000 - 200);
    expect(secondsLeft(deadline, 1_400)).toBe(300);
    expect(secondsLeft(deadline, 1_400 + 1_000)).toBe(299);
  });

  it('uses one minute when the server gave no expiry', () => {
    const deadline = codeCountdownDeadline({ expiredMinutes: undefined, sentAt: 0, receivedAt: 0 });
    expect(secondsLeft(deadline, 0)).toBe(60);
  });

  it('is one minute with a third-party phone verifier, whatever the expiry', () => {
    const deadline = codeCountdownDeadline({
      expiredMinutes: 10,
      sentAt: 0,
      receivedAt: 500,
      thirdParty: true,
    });
    expect(secondsLeft(deadline, 500)).toBe(60);
  });

  it('reaches zero at the deadline and never goes below', () => {
    const deadline = codeCountdownDeadline({ expiredMinutes: 1, sentAt: 0, receivedAt: 0 });
    expect(secondsLeft(deadline, 59_001)).toBe(1);
    expect(secondsLeft(deadline, 60_000)).toBe(0);
    expect(secondsLeft(deadline, 90_000)).toBe(0);
    expect(secondsLeft(null, 0)).toBe(0);
  });
});
