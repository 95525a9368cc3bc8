import { useEffect, useState } from 'react';
import styles from './feedback.module.css';
import { Icon } from './icon';

const SHOW_AFTER_PX = 480;

const prefersReducedMotion = (): boolean =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export const GoToTop = ({ label }: { label: string }) => {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <button
      type="button"
      className={styles.toTop}
      data-visible={visible}
      data-testid="go-to-top"
      aria-label={label}
      title={label}
      tabIndex={visible ? 0 : -1}
      onClick={() =>
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
      }
    >
      <Icon name="arrowUp" />
    </button>
  );
};
