import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RealtimeProvider } from '@/features/realtime/components/realtime-provider';
import { createI18n, DEFAULT_LANGUAGE } from '@/lib/i18n';
import { storedLanguage } from '@/lib/language';
import { createQueryClient } from '@/lib/query-client';
import { SystemGate } from './system-gate';

const queryClient = createQueryClient();
const i18n = createI18n(storedLanguage() ?? DEFAULT_LANGUAGE);

/**
 * The app chunk: providers around the boot gate, and the tab's realtime connection (loaded
 * lazily by the entry).
 */
export const App = () => (
  <QueryClientProvider client={queryClient}>
    <I18nextProvider i18n={i18n}>
      <SystemGate />
      <RealtimeProvider />
    </I18nextProvider>
  </QueryClientProvider>
);
