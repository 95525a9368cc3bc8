import {
  CONTRACT_KINDS,
  MAX_CONTRACT_TIERS,
  type ContractPreview,
  type OfferContractBody,
} from '@lanna/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useFieldArray, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import { failureText } from '@/components/ui/form/failure-text';
import formStyles from '@/components/ui/form/form.module.css';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { Icon } from '@/components/ui/icon';
import { formatDateTime } from '@/lib/time';
import { contractsKey } from '../api/find-contracts';
import { downlinesQuery } from '../api/find-downlines';
import { offerContractRequest } from '../api/offer-contract';
import { previewContractRequest } from '../api/preview-contract';
import { moneyText, type CurrencyOf } from '@/lib/money';
import {
  EMPTY_TIER,
  offerContractSchema,
  type OfferContractFields,
} from '../utils/offer-contract-schema';
import styles from './contracts.module.css';

const TEST_ID = 'offer-contract';
const PERIODS = ['D', 'W', 'H', 'M'] as const;
const BASES = ['valid_bet', 'profit_loss', 'active_members'] as const;
const TIERINGS = ['highest', 'progressive'] as const;
/** A direct downline agent is one of the first level; a page of 100 holds a team's. */
const DIRECT_AGENTS = {
  filter: { search: '', level: '1', status: '', activity: '', kind: 'agent' },
  place: { pageNo: 1, pageSize: 100 },
} as const;

const DEFAULTS: OfferContractFields = {
  downline: '',
  kind: 'dividend',
  period: 'W',
  basis: 'valid_bet',
  tiering: 'highest',
  tiers: [EMPTY_TIER],
  minBet: '0',
};

type OfferContractFormProps = {
  token: string;
  timeZone: string;
  /** The merchant's currency: thresholds and the minimum bet are typed in it. */
  currency: CurrencyOf;
};

/**
 * Offering a direct downline agent a contract (spec section 4; issue 22 item 3): a dividend
 * over a period or a salary, its tiers by valid bet, loss or active members, rates typed in
 * percent. "See what it would have paid" runs the terms on the downline's last full period
 * before anything is offered; the offer then waits for the downline's answer.
 */
export const OfferContractForm = ({ token, timeZone, currency }: OfferContractFormProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const base = useId();
  const queryClient = useQueryClient();
  const schema = offerContractSchema(currency.currencyDecimals);
  const form = useContractForm(schema, DEFAULTS);
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const agents = useQuery(downlinesQuery(token, DIRECT_AGENTS.filter, DIRECT_AGENTS.place));
  const [preview, setPreview] = useState<ContractPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [previewFailure, setPreviewFailure] = useState<string | null>(null);
  const [offered, setOffered] = useState<string | null>(null);
  const kind = form.watch('kind');
  const basis = form.watch('basis');
  const salary = kind !== 'dividend';
  const submitting = form.formState.isSubmitting;
  const label = (key: string) => t(`agentCentre.offer.${key}`);

  // A preview answers the terms it was asked for: any change makes it stale.
  useEffect(() => {
    const watching = form.watch(() => {
      setPreview(null);
      setPreviewFailure(null);
    });
    return () => watching.unsubscribe();
  }, [form]);

  const runPreview = async () => {
    setOffered(null);
    if (!(await form.trigger())) return;
    const parsed = schema.safeParse(form.getValues());
    if (!parsed.success) return;
    setPreviewing(true);
    try {
      setPreview(await previewContractRequest(parsed.data));
      setPreviewFailure(null);
    } catch (caught) {
      setPreviewFailure(failureText(t, caught));
    } finally {
      setPreviewing(false);
    }
  };

  const onSubmit = form.submit(async (body: OfferContractBody) => {
    setOffered(null);
    await offerContractRequest(body);
    setOffered(body.downline);
    setPreview(null);
    form.reset(DEFAULTS);
    void queryClient.invalidateQueries({ queryKey: contractsKey(token) });
  });

  const select = (
    name: Path<OfferContractFields>,
    options: readonly { value: string; text: string }[],
    placeholder?: string,
  ) => {
    const error = form.fieldError(name);
    return (
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={`${base}-${name}`}>
          {label(name)}
        </label>
        <select
          id={`${base}-${name}`}
          className={styles.select}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${base}-${name}-error` : undefined}
          {...form.register(name)}
          data-testid={`${TEST_ID}-${name}`}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </select>
        {error && (
          <p id={`${base}-${name}-error`} className={formStyles.error} role="alert">
            {error}
          </p>
        )}
      </div>
    );
  };

  const agentOptions = (agents.data?.list ?? []).map((agent) => ({
    value: agent.account,
    text: agent.nickname ? `${agent.account} (${agent.nickname})` : agent.account,
  }));

  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid={TEST_ID}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {label('title')}
      </h2>
      <p>{label('lead')}</p>
      <form className={formStyles.form} noValidate onSubmit={onSubmit}>
        <div className={styles.choices}>
          {select(
            'downline',
            agentOptions,
            agents.isPending
              ? t('common.loading')
              : agentOptions.length > 0
                ? label('chooseDownline')
                : label('noDownlineAgents'),
          )}
          {select(
            'kind',
            CONTRACT_KINDS.map((value) => ({ value, text: t(`agentCentre.kind.${value}`) })),
          )}
          {!salary &&
            select(
              'period',
              PERIODS.map((value) => ({ value, text: t(`agentCentre.period.${value}`) })),
            )}
          {select(
            'basis',
            BASES.map((value) => ({ value, text: t(`agentCentre.basis.${value}`) })),
          )}
          {select(
            'tiering',
            TIERINGS.map((value) => ({ value, text: t(`agentCentre.tiering.${value}`) })),
          )}
          <TextField
            label={label('minBet')}
            inputMode="decimal"
            prefix={currency.currencySymbol}
            {...form.register('minBet')}
            error={form.fieldError('minBet')}
            data-testid={`${TEST_ID}-minBet`}
          />
        </div>
        <fieldset className={styles.tiers}>
          <legend className={formStyles.label}>{label('tiers')}</legend>
          <p className={formStyles.hint}>{label(salary ? 'tiersLeadSalary' : 'tiersLead')}</p>
          {tiers.fields.map((field, index) => (
            <div
              key={field.id}
              className={styles.tier}
              data-salary={salary}
              data-testid={`${TEST_ID}-tier`}
            >
              <p className={styles.tierNumber}>
                {t('agentCentre.offer.tierNumber', { number: index + 1 })}
              </p>
              <TextField
                label={label(basis === 'active_members' ? 'thresholdMembers' : 'threshold')}
                inputMode={basis === 'active_members' ? 'numeric' : 'decimal'}
                prefix={basis === 'active_members' ? undefined : currency.currencySymbol}
                {...form.register(`tiers.${index}.threshold`)}
                error={form.fieldError(`tiers.${index}.threshold`)}
              />
              <TextField
                label={label('minActiveMembers')}
                inputMode="numeric"
                {...form.register(`tiers.${index}.minActiveMembers`)}
                error={form.fieldError(`tiers.${index}.minActiveMembers`)}
              />
              <TextField
                label={label(salary ? 'winRate' : 'rate')}
                inputMode="decimal"
                addon="%"
                {...form.register(`tiers.${index}.rate`)}
                error={form.fieldError(`tiers.${index}.rate`)}
              />
              {salary && (
                <TextField
                  label={label('lossRate')}
                  inputMode="decimal"
                  addon="%"
                  placeholder={label('lossRateSame')}
                  {...form.register(`tiers.${index}.lossRate`)}
                  error={form.fieldError(`tiers.${index}.lossRate`)}
                />
              )}
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                aria-label={t('agentCentre.offer.removeTier', { number: index + 1 })}
                disabled={tiers.fields.length === 1}
                onClick={() => tiers.remove(index)}
              >
                <Icon name="close" size={16} />
              </button>
            </div>
          ))}
          <div className={styles.buttons}>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={tiers.fields.length >= MAX_CONTRACT_TIERS}
              data-testid={`${TEST_ID}-add-tier`}
              onClick={() => tiers.append(EMPTY_TIER)}
            >
              {label('addTier')}
            </button>
          </div>
        </fieldset>
        <div className={styles.buttons}>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={previewing || submitting}
            aria-busy={previewing}
            data-testid={`${TEST_ID}-preview`}
            onClick={() => void runPreview()}
          >
            {label(previewing ? 'previewing' : 'preview')}
          </button>
        </div>
        <div aria-live="polite">
          {previewFailure && (
            <FormAlert testId={`${TEST_ID}-preview-error`}>{previewFailure}</FormAlert>
          )}
          {preview && (
            <div className={styles.preview} data-testid={`${TEST_ID}-preview-result`}>
              <p>
                {t('agentCentre.offer.previewPeriod', {
                  from: formatDateTime(new Date(preview.periodStart), timeZone),
                  to: formatDateTime(new Date(preview.periodEnd), timeZone),
                })}
              </p>
              <dl>
                <div>
                  <dt>{t('agentCentre.payouts.validBet')}</dt>
                  <dd>{moneyText(preview, preview.validBetMinor)}</dd>
                </div>
                <div>
                  <dt>{t('agentCentre.payouts.loss')}</dt>
                  <dd>{moneyText(preview, preview.lossMinor)}</dd>
                </div>
                <div>
                  <dt>{t('agentCentre.payouts.activeMembers')}</dt>
                  <dd>{preview.activeMembers}</dd>
                </div>
                <div>
                  <dt>{label('wouldPay')}</dt>
                  <dd className={styles.previewAmount}>
                    {moneyText(preview, preview.amountMinor)}
                  </dd>
                </div>
              </dl>
            </div>
          )}
        </div>
        <div aria-live="polite">
          {form.alert && <FormAlert testId={`${TEST_ID}-error`}>{form.alert}</FormAlert>}
          {offered && (
            <FormAlert tone="success" testId={`${TEST_ID}-done`}>
              {t('agentCentre.offer.offered', { account: offered })}
            </FormAlert>
          )}
        </div>
        <SubmitButton busy={submitting} testId={`${TEST_ID}-submit`}>
          {label(submitting ? 'offering' : 'submit')}
        </SubmitButton>
      </form>
    </section>
  );
};
