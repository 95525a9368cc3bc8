import { getHumanChallenge } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** A proof-of-work challenge for the human check (solved in the browser). */
export const getHumanChallengeRequest = (signal?: AbortSignal) =>
  call(getHumanChallenge, {}, { signal });
