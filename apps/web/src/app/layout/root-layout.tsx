import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useRouteHandle } from '../route-handle';
import styles from './main-layout.module.css';
import { SessionHost } from './session-host';

/**
 * Around every page: scroll to the top when the route name changes, a loading bar while a
 * navigation is under way that disappears once it has landed (spec section 2, Routes), and
 * the session's popups.
 */
export const RootLayout = () => {
  const name = useRouteHandle()?.name;
  const navigation = useNavigation();

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [name]);

  return (
    <>
      {navigation.state !== 'idle' && (
        <div className={styles.progress} data-testid="loading-cover" aria-hidden="true" />
      )}
      <Outlet />
      <SessionHost />
    </>
  );
};
