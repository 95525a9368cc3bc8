import * as contract from '@lanna/contract';
import type { Endpoint } from '@lanna/contract';

/** One operator endpoint as a CLI command: `putMerchantAccessSettings` -> `put-merchant-access-settings`. */
export type OpsCommand = { name: string; endpoint: Endpoint };

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'path' in value &&
  'method' in value &&
  'auth' in value &&
  'value' in value;

const kebab = (name: string): string => name.replace(/[A-Z]/g, (char) => `-${char.toLowerCase()}`);

/**
 * Every operator endpoint of the contract, named after its export. The CLI is derived from the
 * contract, so each new /ops route is a command the day it lands, validated by the same schemas.
 */
export const opsCommands = (): OpsCommand[] =>
  Object.entries(contract as Record<string, unknown>)
    .flatMap(([exportName, value]) =>
      isEndpoint(value) && value.auth === 'operator'
        ? [{ name: kebab(exportName), endpoint: value }]
        : [],
    )
    .sort((a, b) => a.name.localeCompare(b.name));
