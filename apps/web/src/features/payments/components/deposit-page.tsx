import type { DepositChannels } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert } from '@/components/ui/form/form-alert';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageKey } from '@/lib/api/api-error';
import { depositChannelsQuery } from '../api/deposits';
import { formatMoney } from '../utils/deposit-amount';
import { DepositChannelDetails } from './deposit-channel-details';
import { DepositForm } from './deposit-form';
import { DepositRecords } from './deposit-records';
import styles from './deposit-page.module.css';
import tabStyles from './payment-tab.module.css';

type DepositPageProps = { token: string; timeZone: string };

/** The gateway's checkout sends the member back here with this (contract DEPOSIT_RETURN_PATH). */
const RETURN_VIEW = 'records';

type ChannelPickerProps = {
  channels: DepositChannels;
  selectedId: number;
  onSelect: (id: number) => void;
};

const ChannelPicker = ({ channels, selectedId, onSelect }: ChannelPickerProps) => {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className={styles.channels}>
      <legend className="visually-hidden">{t('deposit.channel.title')}</legend>
      {channels.channels.map((channel) => (
        <label key={channel.id} className={styles.channel} data-testid="deposit-channel">
          <input
            type="radio"
            name={name}
            value={channel.id}
            checked={channel.id === selectedId}
            onChange={() => onSelect(channel.id)}
          />
          <span className={styles.channelName}>{channel.name}</span>
          <span className={tabStyles.muted}>
            {t(`deposit.channel.kind.${channel.kind}`)} · {formatMoney(channel.minMinor, channels)}{' '}
            – {formatMoney(channel.maxMinor, channels)}
          </span>
        </label>
      ))}
    </fieldset>
  );
};

/**
 * The member centre's deposit tab (issue 4 item 5): choose a channel, see where to pay and the
 * limits, ask to deposit, and follow it in the records below.
 */
export const DepositPage = ({ token, timeZone }: DepositPageProps) => {
  const { t } = useTranslation();
  // Back from a gateway's checkout, the records are what the member wants to see.
  const showRecords = useSearchParams()[0].get('view') === RETURN_VIEW;
  const channels = useQuery(depositChannelsQuery(token));
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const recordsRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (showRecords && channels.data) recordsRef.current?.scrollIntoView({ block: 'start' });
  }, [showRecords, channels.data]);

  if (channels.isError)
    return (
      <LoadError
        message={t(errorMessageKey(channels.error))}
        onRetry={() => void channels.refetch()}
        testId="deposit-page-error"
      />
    );
  if (!channels.data) return <Spinner label={t('common.loading')} centred />;

  const offered = channels.data;
  const selected =
    offered.channels.find((channel) => channel.id === selectedId) ?? offered.channels[0];
  return (
    <div className={tabStyles.page} data-testid="deposit-page">
      <section className={tabStyles.card} aria-labelledby="deposit-channel-title">
        <h2 id="deposit-channel-title" className={tabStyles.cardTitle}>
          {t('deposit.channel.title')}
        </h2>
        {selected ? (
          <>
            <ChannelPicker channels={offered} selectedId={selected.id} onSelect={setSelectedId} />
            <DepositChannelDetails channel={selected} />
            <DepositForm key={selected.id} channel={selected} currency={offered} />
          </>
        ) : (
          <EmptyState message={t('deposit.noChannels')} icon="wallet" />
        )}
      </section>

      <section
        ref={recordsRef}
        className={tabStyles.card}
        aria-labelledby="deposit-records-title"
        tabIndex={-1}
      >
        <h2 id="deposit-records-title" className={tabStyles.cardTitle}>
          {t('deposit.records.title')}
        </h2>
        {showRecords && (
          <FormAlert tone="info" testId="deposit-returned">
            {t('deposit.returned')}
          </FormAlert>
        )}
        <DepositRecords token={token} timeZone={timeZone} />
      </section>
    </div>
  );
};
