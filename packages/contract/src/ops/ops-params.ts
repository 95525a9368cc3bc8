import { BigIdParamSchema } from '../bounds.ts';
import { z } from 'zod';

/** A merchant as operator routes name it, by its code. */
export const MerchantCodeSchema = z.string().regex(/^[a-z0-9-]{2,32}$/);

/** A row of the merchant's an operator acts on: a payout, a freeze request, an activity. */
export const OpsRowParamsSchema = z.object({
  merchantCode: MerchantCodeSchema,
  id: BigIdParamSchema,
});
