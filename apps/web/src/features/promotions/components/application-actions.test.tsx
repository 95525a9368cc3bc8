// Proves applying to an apply-and-review activity from the promotions centre: the dialog counts
// the comment as a person does and refuses more than 140 characters, takes at most 3 images,
// sends the comment and the images' base64, then closes with a note and the activity applying;
// a refusal stays in the dialog in words; a rejected member may apply again.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { askedRequests } from '@/test/api-server';
import { applicationFixture, merchantFixture, promotionFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { inTurn, refusal, serveApi } from '@/test/serve-api';
import { PromotionsCentre } from './promotions-centre';

const MEMBER = '/wps/member/promotions';
const APPLY = 'POST /wps/member/promotions/:id/application';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const activity = (status: 'join' | 'applying' | 'rejected') =>
  promotionFixture({
    id: 9,
    title: 'Share your win',
    kind: 'apply_review',
    categories: ['special'],
    status,
  });

const png = (name: string) => new File([PNG], name, { type: 'image/png' });

const centre = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/promotions']}>
      <PromotionsCentre
        category="all"
        viewer={{ token: 'session-token', pending: false }}
        timeZone="Asia/Bangkok"
        currency={merchantFixture}
      />
    </MemoryRouter>,
  );

const card = async () =>
  (await screen.findByRole('button', { name: 'Share your win' })).closest('article')!;

const openDialog = async () => {
  await userEvent.click(within(await card()).getByRole('button', { name: 'Apply' }));
  return screen.findByRole('dialog', { name: 'Apply: Share your win' });
};

const fileInput = () =>
  screen.getByTestId('application-images').querySelector<HTMLInputElement>('input[type="file"]')!;

describe('apply-and-review actions', () => {
  it('refuses a comment of more than 140 characters, counted as a person counts them', async () => {
    serveApi({ [MEMBER]: { list: [activity('join')] }, [APPLY]: applicationFixture() });
    centre();
    const dialog = await openDialog();
    const comment = within(dialog).getByLabelText('Comment');
    await userEvent.click(comment);
    await userEvent.paste('x'.repeat(141));
    expect(within(dialog).getByTestId('application-comment-count')).toHaveTextContent('141/140');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect(await within(dialog).findByTestId('application-comment-error')).toHaveTextContent(
      'The comment can be at most 140 characters.',
    );
    expect(askedRequests('/wps/member/promotions/9/application')).toHaveLength(0);

    // 140 Thai syllables with their tone marks: 420 code units, 140 characters to a reader.
    await userEvent.clear(comment);
    await userEvent.paste('ที่'.repeat(140));
    expect(within(dialog).getByTestId('application-comment-count')).toHaveTextContent('140/140');
    expect(within(dialog).queryByTestId('application-comment-error')).toBeNull();
  });

  it('takes at most 3 images', async () => {
    serveApi({ [MEMBER]: { list: [activity('join')] } });
    centre();
    const dialog = await openDialog();
    await userEvent.upload(fileInput(), [png('win-1.png'), png('win-2.png')]);
    expect(await within(dialog).findByAltText('win-2.png')).toBeInTheDocument();

    await userEvent.upload(fileInput(), [png('win-3.png'), png('win-4.png')]);
    expect(await within(dialog).findByTestId('application-problem')).toHaveTextContent(
      'At most 3 pictures can be attached.',
    );
    expect(within(dialog).getAllByRole('img')).toHaveLength(2);

    await userEvent.upload(fileInput(), png('win-3.png'));
    expect(await within(dialog).findByAltText('win-3.png')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('application-problem')).toBeNull();
    expect(fileInput()).toBeDisabled();
  });

  it('sends the comment and the images, then closes with a note and the activity applying', async () => {
    serveApi({
      [APPLY]: applicationFixture({ promotionId: 9 }),
      [MEMBER]: inTurn({ list: [activity('join')] }, { list: [activity('applying')] }),
    });
    centre();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Comment'), 'Won big on the house slot.');
    await userEvent.upload(fileInput(), [png('win-1.png'), png('win-2.png')]);
    await within(dialog).findByAltText('win-2.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send application' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [sent] = askedRequests('/wps/member/promotions/9/application');
    expect(sent?.method).toBe('POST');
    const base64 = btoa(String.fromCharCode(...PNG));
    expect(await sent?.request.json()).toEqual({
      comment: 'Won big on the house slot.',
      images: [base64, base64],
    });
    const shown = await card();
    expect(within(shown).getByRole('status')).toHaveTextContent(
      'Application sent. It is waiting for review',
    );
    expect(within(shown).getByTestId('promotion-status-9')).toHaveTextContent('Applying');
    expect(within(shown).queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(within(shown).getByRole('link', { name: 'See my applications' })).toHaveAttribute(
      'href',
      '/member?tab=rewardCenter',
    );
  });

  it('shows a refusal inside the dialog', async () => {
    serveApi({
      [APPLY]: refusal(409, 'PROMOTION_CLOSED'),
      [MEMBER]: { list: [activity('join')] },
    });
    centre();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This promotion is not running right now',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('lets a rejected member apply again', async () => {
    serveApi({ [MEMBER]: { list: [activity('rejected')] } });
    centre();
    const shown = await card();
    expect(within(shown).getByTestId('promotion-status-9')).toHaveTextContent('Rejected');
    await userEvent.click(within(shown).getByRole('button', { name: 'Apply again' }));
    expect(await screen.findByRole('dialog', { name: 'Apply: Share your win' })).toBeVisible();
  });
});
