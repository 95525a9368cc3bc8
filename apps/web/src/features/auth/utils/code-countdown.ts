/**
 * The send-code countdown (spec section 4, Code sending): 60 seconds times the code's expiry
 * minutes (1 when the server did not say), less half the request's round trip, since the
 * server started the code's clock about half-way through it. With a third-party phone verifier
 * it is 1 minute.
 */
export const SECONDS_PER_EXPIRY_MINUTE = 60;
export const THIRD_PARTY_COUNTDOWN_MS = 60_000;

export type CodeSentTiming = {
  expiredMinutes: number | undefined;
  /** When the request left and when its answer arrived (ms, same clock). */
  sentAt: number;
  receivedAt: number;
  thirdParty?: boolean;
};

/** The moment (ms, local clock) at which a new code may be requested. */
export const codeCountdownDeadline = ({
  expiredMinutes,
  sentAt,
  receivedAt,
  thirdParty = false,
}: CodeSentTiming): number => {
  if (thirdParty) return receivedAt + THIRD_PARTY_COUNTDOWN_MS;
  const minutes = expiredMinutes && expiredMinutes > 0 ? expiredMinutes : 1;
  const halfRoundTrip = Math.max(0, receivedAt - sentAt) / 2;
  return receivedAt + minutes * SECONDS_PER_EXPIRY_MINUTE * 1000 - halfRoundTrip;
};

/** Whole seconds the button still shows; 0 once a new code may be asked for. */
export const secondsLeft = (deadline: number | null, now: number): number =>
  deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
