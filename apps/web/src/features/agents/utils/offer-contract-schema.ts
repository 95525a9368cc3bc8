import {
  ContractTermsSchema,
  MAX_CONTRACT_TIERS,
  parseAmountToMinor,
  type ContractKind,
  type ContractTerms,
  type OfferContractBody,
} from '@lanna/contract';
import { z } from 'zod';
import { refusal } from '@/components/ui/form/issue-text';

/** One tier as the agent types it: amounts in the currency, rates in percent. */
export type TierFields = {
  threshold: string;
  minActiveMembers: string;
  rate: string;
  lossRate: string;
};

export type OfferContractFields = {
  downline: string;
  kind: ContractKind;
  period: NonNullable<ContractTerms['period']>;
  basis: ContractTerms['basis'];
  tiering: ContractTerms['tiering'];
  tiers: TierFields[];
  minBet: string;
};

export const EMPTY_TIER: TierFields = {
  threshold: '',
  minActiveMembers: '0',
  rate: '',
  lossRate: '',
};

/** A rate's percent has at most 2 decimals: 0.01% is one basis point. */
const RATE_DECIMALS = 2;

/** The rule messages of the contract's own checks, in the form's words. */
const RULE_KEYS: Record<string, string> = {
  'thresholds ascend': 'ascending',
  'a period for dividends, and only for them': 'period',
  'salaries only': 'lossRate',
};

type Context = z.RefinementCtx;
type Path = (string | number)[];

const refuse = (context: Context, path: Path, input: string, key: string) =>
  context.addIssue({
    code: 'custom',
    path,
    input,
    ...refusal({ key: `agentCentre.offer.error.${key}` }),
  });

/** Typed money ('1,000.50') in minor units; blank is 0 (a first tier from nothing). */
const readAmount = (
  text: string,
  decimals: number,
  context: Context,
  path: Path,
): string | undefined => {
  if (text.trim() === '') return '0';
  const parsed = parseAmountToMinor(text, decimals);
  if (parsed.ok) return parsed.amountMinor.toString();
  refuse(context, path, text, 'amount');
  return undefined;
};

/** A count of members: digits only; blank is 0. */
const readCount = (text: string, context: Context, path: Path): number | undefined => {
  const compact = text.trim().replace(/,/g, '');
  if (compact === '') return 0;
  if (/^\d{1,8}$/.test(compact)) return Number(compact);
  refuse(context, path, text, 'count');
  return undefined;
};

/** A percent ('0.5') in basis points (50); from 0 to 100%, at most 2 decimals. */
const readRate = (text: string, context: Context, path: Path): number | undefined => {
  const parsed = parseAmountToMinor(text.replace(/%\s*$/, ''), RATE_DECIMALS);
  if (parsed.ok && parsed.amountMinor <= 10_000n) return Number(parsed.amountMinor);
  refuse(context, path, text, text.trim() === '' ? 'rateRequired' : 'rate');
  return undefined;
};

const readTier = (
  fields: TierFields,
  index: number,
  terms: { basis: ContractTerms['basis']; salary: boolean },
  decimals: number,
  context: Context,
) => {
  const at = (field: keyof TierFields): Path => ['tiers', index, field];
  const threshold =
    terms.basis === 'active_members'
      ? readCount(fields.threshold, context, at('threshold'))?.toString()
      : readAmount(fields.threshold, decimals, context, at('threshold'));
  const minActiveMembers = readCount(fields.minActiveMembers, context, at('minActiveMembers'));
  const rateBp = readRate(fields.rate, context, at('rate'));
  const lossRateBp =
    terms.salary && fields.lossRate.trim() !== ''
      ? readRate(fields.lossRate, context, at('lossRate'))
      : undefined;
  return {
    threshold: threshold ?? '0',
    minActiveMembers: minActiveMembers ?? 0,
    rateBp: rateBp ?? 0,
    ...(lossRateBp !== undefined ? { lossRateBp } : {}),
  };
};

/** A contract issue's path in the form's fields, and the form's words for it. */
const formIssue = (issue: z.core.$ZodIssue): { path: Path; key: string } => {
  const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  const [first, index, field] = path;
  if (first === 'tiers' && typeof index === 'number' && field === 'rateBp')
    return { path: ['tiers', index, 'rate'], key: 'rate' };
  if (first === 'tiers' && typeof index === 'number' && field === 'lossRateBp')
    return { path: ['tiers', index, 'lossRate'], key: RULE_KEYS[issue.message] ?? 'rate' };
  if (first === 'minBetMinor') return { path: ['minBet'], key: 'amount' };
  return { path, key: RULE_KEYS[issue.message] ?? 'invalid' };
};

/**
 * The offer form's fields read into an offer (spec section 4; issue 22 item 3): amounts in
 * the merchant's currency to minor units, member counts as they are, percentages to basis
 * points (0.5% is 50), then the terms checked by the contract's own ContractTermsSchema (the
 * server's check: ascending thresholds, a period for dividends only, rates within 100%).
 */
export const offerContractSchema = (currencyDecimals: number) =>
  z
    .object({
      downline: z.string(),
      kind: z.enum(['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary']),
      period: z.enum(['D', 'W', 'H', 'M']),
      basis: z.enum(['valid_bet', 'profit_loss', 'active_members']),
      tiering: z.enum(['highest', 'progressive']),
      tiers: z
        .array(
          z.object({
            threshold: z.string(),
            minActiveMembers: z.string(),
            rate: z.string(),
            lossRate: z.string(),
          }),
        )
        .min(1)
        .max(MAX_CONTRACT_TIERS),
      minBet: z.string(),
    })
    .transform((fields, context): OfferContractBody => {
      const issuesBefore = context.issues.length;
      if (fields.downline === '') refuse(context, ['downline'], '', 'downline');
      const salary = fields.kind !== 'dividend';
      const tiers = fields.tiers.map((tier, index) =>
        readTier(tier, index, { basis: fields.basis, salary }, currencyDecimals, context),
      );
      const minBetMinor = readAmount(fields.minBet, currencyDecimals, context, ['minBet']);
      const terms: ContractTerms = {
        kind: fields.kind,
        ...(salary ? {} : { period: fields.period }),
        basis: fields.basis,
        tiering: fields.tiering,
        tiers,
        minBetMinor: minBetMinor ?? '0',
      };
      if (context.issues.length > issuesBefore) return z.NEVER;
      const checked = ContractTermsSchema.safeParse(terms);
      if (!checked.success) {
        for (const issue of checked.error.issues) {
          const { path, key } = formIssue(issue);
          refuse(context, path, '', key);
        }
        return z.NEVER;
      }
      return { downline: fields.downline, terms: checked.data };
    });
