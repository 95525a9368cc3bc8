import { MobileNumberSchema } from '@lanna/contract';

/** A mobile number as the contract accepts it (digits only, 4 to 20). */
export const isMobileNumber = (value: string): boolean =>
  MobileNumberSchema.safeParse(value).success;

/** In mobile mode the username is the mobile number without its leading zeros (spec section 4). */
export const mobileUsername = (mobile: string): string => mobile.trim().replace(/^0+/, '');
