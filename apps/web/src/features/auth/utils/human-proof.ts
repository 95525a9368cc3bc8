import { solveHumanChallenge, type HumanVerification } from '@lanna/contract';
import { ApiError, isApiError } from '@/lib/api/api-error';
import { getHumanChallengeRequest } from '../api/get-human-challenge';

/**
 * The human check (issue 3, item 1): a proof-of-work challenge from the server, solved here
 * with the contract's solver. A proof works once, so each request that needs one solves anew.
 */
export const solveHumanProof = async (signal?: AbortSignal): Promise<HumanVerification> => {
  const challenge = await getHumanChallengeRequest(signal);
  try {
    return await solveHumanChallenge(challenge, signal ? { signal } : {});
  } catch (cause) {
    if (isApiError(cause) || signal?.aborted) throw cause;
    // A challenge without a solution is not the server's: say the check failed.
    throw new ApiError('HUMAN_CHECK_FAILED', { status: 0, cause });
  }
};
