import styles from './feedback.module.css';

type SpinnerProps = { label: string; size?: number; centred?: boolean };

export const Spinner = ({ label, size = 32, centred = false }: SpinnerProps) => {
  const spinner = (
    <div role="status" aria-live="polite">
      <div className={styles.spinner} style={{ ['--spinner-size' as string]: `${size}px` }} />
      <span className="visually-hidden">{label}</span>
    </div>
  );
  return centred ? <div className={styles.centre}>{spinner}</div> : spinner;
};
