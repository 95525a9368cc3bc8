import type { ContestLine } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { moneyText, type CurrencyOf } from '@/lib/money';
import styles from './contests.module.css';

type ContestTableProps = {
  lines: readonly ContestLine[];
  /** The table's name, as its caption: 'Live standings', 'Winners in draw order'. */
  label: string;
  /** A ranking's lines are measured by valid bet, a raffle's winners by their tickets. */
  measure: 'validBet' | 'tickets';
  currency: CurrencyOf;
  testId: string;
};

/**
 * A contest's places as a table: place, account (masked by the server), valid bet or tickets,
 * prize. On a narrow screen it scrolls sideways in its own focusable box, named as the table is.
 */
export const ContestTable = ({ lines, label, measure, currency, testId }: ContestTableProps) => {
  const { t } = useTranslation();
  return (
    <div className={styles.scroll} role="region" aria-label={label} tabIndex={0}>
      <table className={styles.table} data-testid={testId}>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.number}>
              {t('promotions.contest.board.place')}
            </th>
            <th scope="col">{t('promotions.contest.board.account')}</th>
            <th scope="col" className={styles.number}>
              {measure === 'validBet'
                ? t('promotions.contest.board.validBet')
                : t('promotions.contest.board.tickets')}
            </th>
            <th scope="col" className={styles.number}>
              {t('promotions.contest.board.prize')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.place}>
              <th scope="row" className={styles.number}>
                {line.place}
              </th>
              <td>{line.account}</td>
              <td className={styles.number}>
                {measure === 'validBet'
                  ? moneyText(currency, line.validBetMinor)
                  : line.tickets.toLocaleString('en-US')}
              </td>
              <td className={styles.number}>
                {line.prizeMinor === null
                  ? t('promotions.contest.board.noPrize')
                  : moneyText(currency, line.prizeMinor)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
