import { useCallback, useState } from 'react';

const STORAGE_KEY = 'balanceHidden';

const readHidden = (): boolean => {
  try {
    return localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * Whether the header hides the balance (the eye toggle, spec section 2). The choice outlives the
 * tab, as one expects of a privacy switch; storage that refuses it just forgets it.
 */
export const useBalanceHidden = () => {
  const [hidden, setHidden] = useState(readHidden);
  const toggle = useCallback(() => {
    setHidden((current) => {
      const next = !current;
      try {
        localStorage.setItem(STORAGE_KEY, next ? '1' : '0');
      } catch {
        // Private modes may refuse storage: the toggle still works for this page.
      }
      return next;
    });
  }, []);
  return { hidden, toggle };
};
