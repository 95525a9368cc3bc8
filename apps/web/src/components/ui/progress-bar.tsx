import { useId } from 'react';
import styles from './progress-bar.module.css';

type ProgressBarProps = {
  label: string;
  /** The figures as shown beside the label ('฿ 1.00 of ฿ 3.00'). */
  figures: string;
  /** What a screen reader hears for the bar; the figures when absent. */
  valueText?: string;
  /** 0 to 100. */
  percent: number;
  /** Done (met, claimed) fills green; void (forfeited) grey. */
  tone?: 'active' | 'done' | 'void';
  testId?: string;
  figuresTestId?: string;
};

/**
 * How far something is toward its target (a bonus's wagering, a mission's task): a label and
 * the figures above a bar that never overflows, read by a screen reader as the figures.
 */
export const ProgressBar = ({
  label,
  figures,
  valueText = figures,
  percent,
  tone = 'active',
  testId,
  figuresTestId,
}: ProgressBarProps) => {
  const labelId = useId();
  return (
    <div className={styles.progress} data-tone={tone}>
      <div className={styles.head}>
        <span id={labelId}>{label}</span>
        <span className={styles.figure} data-testid={figuresTestId}>
          {figures}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText}
        className={styles.bar}
        data-testid={testId}
      >
        <span className={styles.fill} style={{ inlineSize: `${percent}%` }} />
      </div>
    </div>
  );
};
