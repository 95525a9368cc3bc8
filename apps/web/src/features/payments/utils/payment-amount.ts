import { amountTextSchema } from '@lanna/contract';
import { refusal } from '@/components/ui/form/issue-text';

/**
 * The amount a member types for a deposit or a withdrawal, read by the contract's rule into
 * the positive minor units the request sends (as text, never through floating point). Each
 * refusal names its `<form>.amount.*` text, an empty input `validation.required`.
 */
export const paymentAmountSchema = (currencyDecimals: number, form: 'deposit' | 'withdrawal') =>
  amountTextSchema(currencyDecimals, {
    issueParams: (problem) =>
      refusal({ key: problem === 'empty' ? 'validation.required' : `${form}.amount.${problem}` })
        .params,
  });
