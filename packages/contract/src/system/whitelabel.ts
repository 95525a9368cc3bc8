import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** The white-label flags the spec names (spec section 6). */
export const WHITELABEL_FLAGS = [
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
  'CHNGPASSVERIF3',
  'MANPLAYREB3',
  // The agent centre's dividend record and salary entries (spec section 2: "only if enabled").
  'AGENTDIV3',
  'AGENTSAL3',
] as const;
export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];

export type WhitelabelNode = {
  modId: string;
  enabled: '0' | '1';
  childrenNodes: WhitelabelNode[];
};

/** A white-label module: `enabled` is '1' when on; children inherit nothing implicitly. */
export const WhitelabelNodeSchema: z.ZodType<WhitelabelNode> = z.lazy(() =>
  z.object({
    modId: z.string(),
    enabled: z.enum(['0', '1']),
    childrenNodes: z.array(WhitelabelNodeSchema),
  }),
);

export const getWhitelabel = defineEndpoint({
  method: 'GET',
  path: '/wps/system/whitelabel',
  summary: 'The merchant white-label module tree',
  tag: 'system',
  auth: 'public',
  value: z.object({ modules: z.array(WhitelabelNodeSchema) }),
  errors: ['MERCHANT_NOT_FOUND'],
});
