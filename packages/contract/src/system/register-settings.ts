import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { FieldRuleSchema } from '../registration/field-rule.ts';

/** Fields a merchant can enable on its registration form (spec section 3, Register user). */
export const REGISTER_FIELDS = [
  'username',
  'password',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'zalo',
  'telegram',
  'idNumber',
  'birthday',
  'nickname',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'affiliateCode',
] as const;
export const RegisterFieldSchema = z.enum(REGISTER_FIELDS);
export type RegisterField = z.infer<typeof RegisterFieldSchema>;

export const RegisterRulesSchema = z.partialRecord(RegisterFieldSchema, FieldRuleSchema);
export type RegisterRules = z.infer<typeof RegisterRulesSchema>;

export const RegisterSettingsSchema = z.object({
  mobileRegistration: z.boolean(),
  smsVerification: z.boolean(),
  mobilePasswordRegistration: z.boolean(),
  mobileLength: z.number().int().min(6).max(15),
  countryDialingCode: z.string(),
  minimumAge: z.number().int().min(0),
  birthdayMinimumAge: z.number().int().min(0).nullable(),
  termsCheckedByDefault: z.boolean(),
  affiliateCodeEnabled: z.boolean(),
});
export type RegisterSettings = z.infer<typeof RegisterSettingsSchema>;

export const getRegisterSettings = defineEndpoint({
  method: 'GET',
  path: '/wps/system/setting/register',
  summary: 'Registration settings of the merchant',
  tag: 'system',
  auth: 'public',
  value: RegisterSettingsSchema,
  errors: ['MERCHANT_NOT_FOUND'],
});

export const getRegisterRules = defineEndpoint({
  method: 'GET',
  path: '/wps/system/setting/register/rules',
  summary: 'Registration validation rules per field',
  tag: 'system',
  auth: 'public',
  value: z.object({ rules: RegisterRulesSchema }),
  errors: ['MERCHANT_NOT_FOUND'],
});
