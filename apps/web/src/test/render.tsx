import type { MerchantBrand, Permission } from '@lanna/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { BootDataContext } from '@/app/boot-data';
import en from '@/locales/en.json';
import { merchantFixture, permissionFixture } from './fixtures';

/** An i18n instance with the English bundle already loaded, so nothing suspends. */
export const createTestI18n = (): I18n => {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
};

export const createTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

type ProviderOptions = {
  merchant?: MerchantBrand;
  permission?: Permission;
  queryClient?: QueryClient;
};

export const TestProviders = ({
  children,
  merchant = merchantFixture,
  permission = permissionFixture(),
  queryClient = createTestQueryClient(),
}: ProviderOptions & { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <I18nextProvider i18n={createTestI18n()}>
      <BootDataContext value={{ merchant, permission }}>{children}</BootDataContext>
    </I18nextProvider>
  </QueryClientProvider>
);

export const renderWithProviders = (
  ui: ReactElement,
  options: ProviderOptions & RenderOptions = {},
) => {
  const { merchant, permission, queryClient, ...rest } = options;
  return render(ui, {
    wrapper: ({ children }) => (
      <TestProviders merchant={merchant} permission={permission} queryClient={queryClient}>
        {children}
      </TestProviders>
    ),
    ...rest,
  });
};
