import type { CustomerServiceEntry } from '@lanna/contract';

/** The entry of the given csType, else the first (spec section 7, customer-service links). */
export const pickServiceEntry = (
  entries: readonly CustomerServiceEntry[],
  csType?: string,
): CustomerServiceEntry | undefined =>
  (csType ? entries.find((entry) => entry.csType === csType) : undefined) ?? entries[0];

export const lineEntriesOf = (entries: readonly CustomerServiceEntry[]): CustomerServiceEntry[] =>
  entries.filter((entry) => entry.csType === 'LINE');
