import type { HumanVerification } from '@lanna/contract';
import { useCallback, useEffect, useRef } from 'react';
import { solveHumanProof } from '../utils/human-proof';

// A challenge lives 10 minutes on the server; a proof older than this is solved anew.
const FRESH_FOR_MS = 8 * 60_000;

type Prepared = { proof: Promise<HumanVerification>; at: number };

/**
 * The human check of a form that signs in: the proof of work starts while the member types, so
 * pressing the button rarely waits for it. `take` hands the prepared proof over once (a proof
 * is single use) or, when none is ready or it has gone stale, solves one on the spot.
 */
export const usePreparedHumanProof = () => {
  const prepared = useRef<Prepared | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    controller.current = abort;
    const proof = solveHumanProof(abort.signal);
    // A failed head start is not an error yet: `take` solves again when it is needed.
    proof.catch(() => undefined);
    prepared.current = { proof, at: Date.now() };
    return () => {
      abort.abort();
      prepared.current = null;
    };
  }, []);

  return useCallback(async (): Promise<HumanVerification> => {
    const ready = prepared.current;
    prepared.current = null;
    if (ready && Date.now() - ready.at < FRESH_FOR_MS) {
      try {
        return await ready.proof;
      } catch {
        // Fall through to a fresh attempt, whose error is the one the form shows.
      }
    }
    return solveHumanProof(controller.current?.signal);
  }, []);
};
