import type { WhitelabelFlag } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { getRegisterSettings, isWhitelabelFlagOn } from '../system/index.ts';

/** What the verification features read of a merchant's settings. */
export type VerificationSettings = {
  /** `+66`: joined with a number typed without one. */
  countryDialingCode: string;
  isOn: (flag: WhitelabelFlag) => boolean;
};

export const getVerificationSettings = async (
  db: Db,
  merchantId: number,
): Promise<VerificationSettings> => {
  const [register, codeLogin] = await Promise.all([
    getRegisterSettings(db, merchantId),
    isWhitelabelFlagOn(db, merchantId, 'MOBILEVERCODELOGIN3'),
  ]);
  // The registration switches are the white-label flags themselves (system module).
  const on: Partial<Record<WhitelabelFlag, boolean>> = {
    MOBILENUMREG3: register.mobileRegistration,
    REGMOBVERF3: register.smsVerification,
    MOBILENUMPASSREG3: register.mobilePasswordRegistration,
    MOBILEVERCODELOGIN3: codeLogin,
  };
  return {
    countryDialingCode: register.countryDialingCode,
    isOn: (flag) => on[flag] ?? false,
  };
};
