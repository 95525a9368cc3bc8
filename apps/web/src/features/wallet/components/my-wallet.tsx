import type { Currency, MerchantWallet, WalletBalance } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { failureText } from '@/components/ui/form/failure-text';
import { FormAlert } from '@/components/ui/form/form-alert';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageKey } from '@/lib/api/api-error';
import { formatMinorUnits } from '@/lib/money';
import { merchantWalletQuery } from '../api/get-merchant-wallet';
import { walletBalanceQuery } from '../api/get-wallet-balance';
import { useWalletMove } from '../hooks/use-wallet-move';
import styles from './my-wallet.module.css';
import { WalletTransferForm, type MoveDirection, type WalletRow } from './wallet-transfer-form';

/**
 * Every vendor wallet the member can use or still holds money in: the merchant's vendor
 * wallets in its order, then any other wallet with money left (a vendor withdrawn, or a switch
 * to single wallet), which can only be emptied.
 */
const rowsOf = (mode: MerchantWallet, balance: WalletBalance): WalletRow[] => {
  const held = new Map(balance.vendorWallets.map((wallet) => [wallet.vendorCode, wallet]));
  const offered = mode.vendors.map((vendor) => ({
    vendorCode: vendor.vendorCode,
    displayName: vendor.displayName,
    balanceMinor: held.get(vendor.vendorCode)?.balanceMinor ?? '0',
    offered: true,
  }));
  const leftovers = balance.vendorWallets
    .filter((wallet) => wallet.balanceMinor !== '0')
    .filter((wallet) => !mode.vendors.some((vendor) => vendor.vendorCode === wallet.vendorCode))
    .map((wallet) => ({ ...wallet, displayName: wallet.vendorCode, offered: false }));
  return [...offered, ...leftovers];
};

const sumMinor = (amounts: readonly string[]): string =>
  amounts.reduce((total, amount) => total + BigInt(amount), 0n).toString();

type WalletListProps = {
  rows: readonly WalletRow[];
  show: (minor: string) => string;
  canTransfer: boolean;
  pending: boolean;
  onPick: (direction: MoveDirection, vendorCode: string) => void;
  onRecycle: () => void;
};

const WalletList = ({ rows, show, canTransfer, pending, onPick, onRecycle }: WalletListProps) => {
  const { t } = useTranslation();
  const filled = rows.some((row) => row.balanceMinor !== '0');
  return (
    <section className={styles.wallets} aria-labelledby="game-wallets-title">
      <div className={styles.walletsHeader}>
        <h2 id="game-wallets-title" className={styles.sectionTitle}>
          {t('wallet.myWallet.gameWallets')}
        </h2>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={pending || !filled}
          onClick={onRecycle}
          data-testid="wallet-recycle-all"
        >
          <Icon name="refresh" size={16} />
          {t('wallet.myWallet.recycleAll')}
        </button>
      </div>
      {rows.length === 0 ? (
        <EmptyState message={t('no data')} icon="wallet" />
      ) : (
        <ul className={styles.walletList}>
          {rows.map((row) => (
            <li key={row.vendorCode} className={styles.walletRow} data-testid="vendor-wallet">
              <span className={styles.walletName}>{row.displayName}</span>
              <span
                className={styles.walletBalance}
                data-testid={`vendor-wallet-${row.vendorCode}`}
              >
                {show(row.balanceMinor)}
              </span>
              {canTransfer && (
                <span className={styles.walletActions}>
                  <button
                    type="button"
                    className={styles.rowButton}
                    disabled={!row.offered}
                    aria-label={t('wallet.myWallet.transferInLabel', { vendor: row.displayName })}
                    onClick={() => onPick('toVendor', row.vendorCode)}
                  >
                    {t('wallet.myWallet.transferIn')}
                  </button>
                  <button
                    type="button"
                    className={styles.rowButton}
                    disabled={row.balanceMinor === '0'}
                    aria-label={t('wallet.myWallet.transferOutLabel', { vendor: row.displayName })}
                    onClick={() => onPick('fromVendor', row.vendorCode)}
                  >
                    {t('wallet.myWallet.transferOut')}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

type MyWalletViewProps = {
  token: string;
  mode: MerchantWallet;
  balance: WalletBalance;
};

const MyWalletView = ({ token, mode, balance }: MyWalletViewProps) => {
  const { t } = useTranslation();
  const amountId = useId();
  const move = useWalletMove(token);
  const rows = rowsOf(mode, balance);
  const [direction, setDirection] = useState<MoveDirection>('toVendor');
  const [picked, setPicked] = useState<string | null>(null);
  const currency: Currency = balance;
  const show = (minor: string) =>
    `${currency.currencySymbol} ${formatMinorUnits(minor, currency.currencyDecimals)}`;
  // The chosen wallet, or the first one the direction allows.
  const choices = rows.filter((row) => (direction === 'toVendor' ? row.offered : true));
  const vendorCode =
    choices.find((row) => row.vendorCode === picked)?.vendorCode ?? choices[0]?.vendorCode ?? '';

  const pick = (next: MoveDirection, code: string) => {
    setDirection(next);
    setPicked(code);
    move.clear();
    document.getElementById(amountId)?.focus();
  };
  const recycle = () =>
    void move.run((idempotencyKey) => ({ action: 'recycleAll', idempotencyKey }), 'recycleAll');

  const done = move.done;
  const doneText =
    done?.request.action === 'recycleAll'
      ? done.result.movements.length > 0
        ? t('wallet.myWallet.recycled')
        : t('wallet.myWallet.nothingToRecycle')
      : t('wallet.myWallet.done');
  return (
    <div className={styles.page} data-testid="my-wallet">
      <dl className={styles.summary}>
        <div className={styles.stat}>
          <dt>{t('wallet.walletKind.main')}</dt>
          <dd data-testid="my-wallet-main">{show(balance.balanceMinor)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t('wallet.myWallet.total')}</dt>
          <dd data-testid="my-wallet-total">
            {show(sumMinor([balance.balanceMinor, ...rows.map((row) => row.balanceMinor)]))}
          </dd>
        </div>
      </dl>
      {mode.isSingle && (
        <p className={styles.note} data-testid="my-wallet-single">
          {t('wallet.myWallet.singleNote')}
        </p>
      )}
      <div aria-live="polite">
        {move.error !== null && (
          <FormAlert testId="my-wallet-error">{failureText(t, move.error)}</FormAlert>
        )}
        {done && (
          <FormAlert tone="success" testId="my-wallet-done">
            {doneText}
          </FormAlert>
        )}
      </div>
      {!mode.isSingle && rows.length > 0 && (
        <WalletTransferForm
          rows={rows}
          mainBalanceMinor={balance.balanceMinor}
          currency={currency}
          direction={direction}
          vendorCode={vendorCode}
          onDirection={(next) => {
            setDirection(next);
            move.clear();
          }}
          onVendor={(code) => {
            setPicked(code);
            move.clear();
          }}
          pending={move.pending}
          amountId={amountId}
          onSubmit={(amountMinor) =>
            move.run(
              (idempotencyKey) => ({ action: direction, vendorCode, amountMinor, idempotencyKey }),
              `${direction}:${vendorCode}:${amountMinor}`,
            )
          }
        />
      )}
      {(!mode.isSingle || rows.length > 0) && (
        <WalletList
          rows={rows}
          show={show}
          canTransfer={!mode.isSingle}
          pending={move.pending}
          onPick={pick}
          onRecycle={recycle}
        />
      )}
    </div>
  );
};

/**
 * My wallet (spec section 2, member centre: my wallet, transfer funds): the main wallet and
 * every vendor wallet with its balance; on a transfer-wallet merchant, moves in and out of a
 * vendor wallet and 'recycle all'. It reads the same query as the header balance, so both
 * show the new balances as soon as a move is done.
 */
export const MyWallet = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const balance = useQuery(walletBalanceQuery(token));
  const mode = useQuery(merchantWalletQuery());
  if (balance.isPending || mode.isPending) return <Spinner label={t('common.loading')} centred />;
  if (!balance.data || !mode.data) {
    return (
      <div className={styles.loadError} role="alert" data-testid="my-wallet-load-error">
        <p>{t(errorMessageKey(balance.error ?? mode.error))}</p>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            void balance.refetch();
            void mode.refetch();
          }}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return <MyWalletView token={token} mode={mode.data} balance={balance.data} />;
};
