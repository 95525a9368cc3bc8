import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BootCover } from './app/boot-cover';
import { preloadFirstScreen } from './app/first-screen';
import { prefetchBootRequests } from './lib/api/prefetch';
import { loadLanguageBundle, storedLanguage } from './lib/language';
import { lazyNamed } from './lib/lazy-named';
import './styles/tokens.css';
import './styles/base.css';
import './styles/controls.css';

/*
 * The entry stays small: React, the boot cover and three head starts. The system status (asked
 * first, spec section 4) and the language bundle are requested now, while the app chunk with
 * the router, queries, i18n and the contract's schemas is still downloading; so is the first
 * screen's chunk (app/first-screen.ts).
 */
prefetchBootRequests();
preloadFirstScreen(window.location.pathname);
loadLanguageBundle(storedLanguage() ?? 'EN').catch(() => undefined);

const App = lazyNamed(() => import('./app/app'), 'App');

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <Suspense fallback={<BootCover />}>
      <App />
    </Suspense>
  </StrictMode>,
);
