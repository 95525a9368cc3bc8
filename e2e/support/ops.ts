import type { MerchantAccessSettings } from '@lanna/contract';
import { inject } from 'vitest';

/** The operator API, as an operator's tool would call it, to change what the site shows. */
export const setAccess = async (merchantCode: string, settings: MerchantAccessSettings) => {
  const response = await fetch(`${inject('baseUrl')}/ops/merchants/${merchantCode}/access`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${inject('operatorKey')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ ...settings, reason: 'end-to-end test' }),
  });
  if (!response.ok) throw new Error(`ops access update failed: ${response.status}`);
};

export const OPEN_ACCESS: MerchantAccessSettings = {
  maintenance: { enabled: false, startsAt: null, endsAt: null },
  regionRestriction: { enabled: false, countries: [], cidrs: [] },
};
