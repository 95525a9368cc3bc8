import { agentLogin, type LoginPayload } from '@lanna/contract';
import { sealedCall } from '@/lib/api/sealed-call';

/** The agent area's login (`/agent`): a non-agent gets NON_AGENT_ACCOUNT. */
export const agentLoginRequest = (payload: LoginPayload) => sealedCall(agentLogin, payload);
