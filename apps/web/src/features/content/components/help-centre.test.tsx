// Proves the embedded help component: the articles of the language in order, and /help#term
// opening the terms in the help pop-up, which closes by dropping the anchor.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { HelpCentre } from './help-centre';

const ARTICLES = {
  list: [
    { id: 1, anchor: 'term', title: 'Terms and conditions', content: '<p>You are 18 or over.</p>' },
    { id: 2, anchor: 'deposit', title: 'How do I deposit?', content: '<p>Open Deposit.</p>' },
  ],
};

const Hash = () => <output data-testid="hash">{useLocation().hash}</output>;

const helpAt = (entry: string) => {
  serveApi({ '/wps/system/helpCenter': ARTICLES });
  renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <HelpCentre />
      <Hash />
    </MemoryRouter>,
  );
};

describe('HelpCentre', () => {
  it('lists the articles in order without a pop-up', async () => {
    helpAt('/help');
    await screen.findByTestId('help-articles');
    expect(screen.getAllByRole('group').map((item) => item.id)).toEqual([
      'help-term',
      'help-deposit',
    ]);
    expect(screen.queryByTestId('modal-helpModal')).toBeNull();
  });

  it('opens the terms in the help pop-up from #term and drops the anchor on close', async () => {
    helpAt('/help#term');
    const popup = await screen.findByTestId('modal-helpModal');
    expect(popup).toHaveTextContent('Terms and conditions');
    expect(screen.getByTestId('help-popup')).toHaveTextContent('You are 18 or over.');
    await userEvent.click(screen.getByTestId('modal-close'));
    await waitFor(() => expect(screen.queryByTestId('modal-helpModal')).toBeNull());
    expect(screen.getByTestId('hash')).toHaveTextContent('');
  });
});
