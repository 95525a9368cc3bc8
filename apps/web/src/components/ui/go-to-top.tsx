import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styles from './feedback.module.css';
import { Icon } from './icon';
import { prefersReducedMotion } from '@/lib/reduced-motion';

/**
 * A button back to the top, shown once the page has scrolled past a marker 480 px down. The
 * browser reports the marker leaving the view (IntersectionObserver): reading the scroll
 * position on every scroll event instead forced a layout of the whole page while it loaded.
 */
export const GoToTop = ({ label }: { label: string }) => {
  const [visible, setVisible] = useState(false);
  const marker = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const element = marker.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setVisible(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      {createPortal(
        <span ref={marker} className={styles.toTopMarker} aria-hidden="true" />,
        document.body,
      )}
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
    </>
  );
};
