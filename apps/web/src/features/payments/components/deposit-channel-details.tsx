import type { DepositChannel } from '@lanna/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { copyText } from '@/lib/copy-text';
import styles from './deposit-page.module.css';
import tabStyles from './payment-tab.module.css';

type DepositChannelDetailsProps = { channel: DepositChannel };

type Field = 'bankName' | 'accountName' | 'accountNumber';

/**
 * What the chosen channel asks of the member: for a bank transfer the account to pay into,
 * each line with a copy button; for a gateway that the payment happens on its page. The
 * limits per deposit stand under the amount field.
 */
export const DepositChannelDetails = ({ channel }: DepositChannelDetailsProps) => {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<Field | null>(null);
  if (!channel.bank)
    return (
      <div className={styles.details} data-testid="deposit-channel-details">
        <p className={tabStyles.muted}>{t('deposit.gatewayNote')}</p>
      </div>
    );
  const { bank } = channel;
  const copy = async (field: Field) => {
    if (await copyText(bank[field])) setCopied(field);
  };
  return (
    <div className={styles.details} data-testid="deposit-channel-details">
      <p className={tabStyles.muted}>{t('deposit.bankNote')}</p>
      <dl className={styles.details}>
        {(['bankName', 'accountName', 'accountNumber'] as const).map((field) => (
          <div key={field}>
            <dt>{t(`deposit.bank.${field}`)}</dt>
            <dd data-testid={`deposit-bank-${field}`}>{bank[field]}</dd>
            {/* A dl's rows hold only names and values, so the button is a value of its own. */}
            <dd>
              <button
                type="button"
                className={styles.copy}
                data-testid={`deposit-copy-${field}`}
                onClick={() => void copy(field)}
              >
                <Icon name="copy" size={14} />
                <span aria-live="polite">
                  {copied === field ? t('copy success') : t('deposit.copyShort')}
                </span>
                {/* Named by what it shows and what it copies, e.g. "Copy Account number". */}
                <span className="visually-hidden"> {t(`deposit.bank.${field}`)}</span>
              </button>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
};
