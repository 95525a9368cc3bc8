// The agent's invitation: its code, the registration link with a copy button and the link's QR
// code; when the brand takes no affiliate codes, a note says so.
import type { Invitation as InvitationValue } from '@lanna/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { Invitation } from './invitation';

const LINK = 'http://lanna.localhost/register?affiliateCode=AG7K2M';
const QR = 'data:image/png;base64,iVBORw0KGgo=';

const invitationOf = (enabled: boolean): InvitationValue => ({
  affiliateCode: 'AG7K2M',
  link: LINK,
  qrDataUrl: QR,
  enabled,
});

describe('Invitation', () => {
  it('shows the code, the link to copy and its QR code', async () => {
    serveApi({ '/wps/agent/invitation': invitationOf(true) });
    renderWithProviders(<Invitation token="t0k3n" />);
    const user = userEvent.setup();
    expect(await screen.findByText('AG7K2M')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: LINK })).toHaveAttribute('href', LINK);
    expect(
      screen.getByRole('img', { name: 'QR code of your invitation link (code AG7K2M)' }),
    ).toHaveAttribute('src', QR);
    expect(screen.queryByRole('note')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Copied successfully.' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(LINK);
  });

  it('says when the brand does not accept invitation codes now', async () => {
    serveApi({ '/wps/agent/invitation': invitationOf(false) });
    renderWithProviders(<Invitation token="t0k3n" />);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'This brand does not accept invitation codes at the moment.',
    );
  });
});
