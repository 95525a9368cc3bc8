import styles from './skeleton.module.css';

const SECTIONS = 2;
const CARDS = 6;

/** Placeholder shapes while the game menus load (no invented content). */
export const VendorSectionsSkeleton = () => (
  <div aria-hidden="true">
    {Array.from({ length: SECTIONS }, (_, section) => (
      <div key={section} className={styles.section}>
        <div className={styles.heading} />
        <div className={styles.grid}>
          {Array.from({ length: CARDS }, (_, card) => (
            <div key={card} className={styles.card} />
          ))}
        </div>
      </div>
    ))}
  </div>
);
