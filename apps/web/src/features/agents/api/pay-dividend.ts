import { payDividend } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** POST /wps/agent/payouts/:id/pay: the agent pays a dividend it owes from its main wallet. */
export const payDividendRequest = (id: number) => call(payDividend, { params: { id } });
