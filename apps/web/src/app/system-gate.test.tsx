/**
 * Boot follows the system status (spec section 4): 1 shows the maintenance screen with its end
 * time in the merchant zone and customer service, 2 the region-block screen with the IP.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { merchantFixture, permissionFixture, statusFixture } from '@/test/fixtures';
import { createTestI18n, createTestQueryClient } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { SystemGate } from './system-gate';

const boot = (status: 0 | 1 | 2) => {
  serveApi({
    '/wps/system/status': statusFixture(status),
    '/wps/system/merchant': merchantFixture,
    '/wps/system/permission': permissionFixture(),
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <I18nextProvider i18n={createTestI18n()}>
        <SystemGate />
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

describe('system gate', () => {
  it('shows the maintenance screen with the end time in GMT+7 and customer service', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    boot(1);
    const screenElement = await screen.findByTestId('maintenance-screen');
    expect(screenElement).toHaveTextContent('Under maintenance');
    expect(screen.getByTestId('maintenance-end')).toHaveTextContent('2030/01/01 12:30 (GMT+7)');
    fireEvent.click(screen.getByTestId('maintenance-service'));
    expect(open).toHaveBeenCalledWith(
      'https://support.example.test/chat',
      'customerService',
      expect.stringContaining('width=440,height=750'),
    );
  });

  it('shows the region-block screen with the visitor IP', async () => {
    boot(2);
    expect(await screen.findByTestId('blocked-screen')).toHaveTextContent('Access restricted');
    expect(screen.getByTestId('blocked-ip')).toHaveTextContent('203.0.113.7');
  });

  it('applies the merchant brand', async () => {
    boot(2);
    await screen.findByTestId('blocked-screen');
    await vi.waitFor(() => expect(document.title).toBe('Lanna | Play in the north'));
    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe('#d4af37');
  });
});
