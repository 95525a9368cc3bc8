// The confirmation dialog of spec section 4: received, partly received with the amount still
// missing (checked as text, strictly between 0 and the amount), or not received with proof
// images that are judged by their first bytes and size before upload (a renamed text file, a
// 6 MB picture and a fourth image are refused), previewed, and sent as base64.
import type { Withdrawal } from '@lanna/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { confirmWithdrawalRequest } from '../api/withdrawals';
import { confirmationSchema, WithdrawalConfirmDialog } from './withdrawal-confirm-dialog';

vi.mock('../api/withdrawals', async (original) => ({
  ...(await original<typeof import('../api/withdrawals')>()),
  confirmWithdrawalRequest: vi.fn(),
}));
const confirm = vi.mocked(confirmWithdrawalRequest);

const PAID: Withdrawal = {
  id: '41',
  amountMinor: '30000',
  status: 'paid',
  payee: {
    kind: 'bank',
    bankName: 'Kasikorn Bank',
    walletType: null,
    accountName: 'Somchai Jaidee',
    accountNumberMasked: '****7890',
  },
  requestedAt: '2026-06-01T05:00:00.000Z',
  decidedAt: '2026-06-01T05:10:00.000Z',
  rejectReason: null,
  paidAt: '2026-06-01T05:10:00.000Z',
  confirmDeadlineAt: '2026-06-01T06:10:00.000Z',
  confirmedAt: null,
  confirmedBy: null,
  remainingMinor: null,
  proofIds: [],
  dispute: null,
};

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const png = (name = 'slip.png', size?: number) => {
  const bytes = new Uint8Array(size ?? PNG_BYTES.length);
  bytes.set(PNG_BYTES);
  return new File([bytes], name, { type: 'image/png' });
};

beforeEach(() => confirm.mockReset());

describe('confirmationSchema', () => {
  /** The body the dialog would send, or the translation key of what stops it. */
  const body = (
    outcome: 'received' | 'partly_received' | 'not_received',
    remaining = '',
    proofs = 0,
  ) => {
    const result = confirmationSchema(PAID, 2).safeParse({
      outcome,
      remaining,
      proofs: Array.from({ length: proofs }, () => ({
        name: 'a.png',
        base64: 'iVBO',
        previewUrl: '',
      })),
    });
    if (result.success) return { ok: true, body: result.data };
    const [issue] = result.error.issues;
    const params = issue?.code === 'custom' ? issue.params : undefined;
    return { ok: false, key: (params?.message as { key: string } | undefined)?.key };
  };

  it('builds each answer', () => {
    expect(body('received')).toEqual({ ok: true, body: { outcome: 'received' } });
    expect(body('partly_received', '120.50')).toEqual({
      ok: true,
      body: { outcome: 'partly_received', remainingMinor: '12050' },
    });
    expect(body('not_received', '', 2)).toEqual({
      ok: true,
      body: { outcome: 'not_received', proofImages: ['iVBO', 'iVBO'] },
    });
  });

  it('refuses a missing amount out of range, and no proof', () => {
    expect(body('partly_received', '')).toEqual({ ok: false, key: 'validation.required' });
    expect(body('partly_received', '0')).toMatchObject({ ok: false });
    expect(body('partly_received', '300')).toEqual({
      ok: false,
      key: 'errors.WITHDRAWAL_REMAINING_OUT_OF_RANGE',
    });
    expect(body('partly_received', '1.234')).toEqual({
      ok: false,
      key: 'withdrawal.amount.precision',
    });
    expect(body('not_received')).toEqual({ ok: false, key: 'withdrawal.confirm.proofRequired' });
  });
});

const open = () =>
  renderWithProviders(
    <WithdrawalConfirmDialog
      withdrawal={PAID}
      currencySymbol="฿"
      currencyDecimals={2}
      onClose={() => {}}
    />,
  );

describe('WithdrawalConfirmDialog', () => {
  it('sends partly received with the missing amount in minor units', async () => {
    confirm.mockResolvedValue({ ...PAID, status: 'partly_received' });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('withdrawal-confirm-partly_received'));
    await user.type(screen.getByTestId('withdrawal-confirm-remaining'), '100');
    await user.click(screen.getByTestId('withdrawal-confirm-submit'));
    await waitFor(() =>
      expect(confirm).toHaveBeenCalledWith('41', {
        outcome: 'partly_received',
        remainingMinor: '10000',
      }),
    );
  });

  it('checks proof images by content, size and count, previews and sends them', async () => {
    confirm.mockResolvedValue({ ...PAID, status: 'not_received' });
    open();
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByTestId('withdrawal-confirm-not_received'));
    const input = screen.getByTestId('withdrawal-confirm-files');
    await user.upload(input, new File(['just text'], 'slip.png', { type: 'image/png' }));
    expect(screen.getByTestId('withdrawal-confirm-problem')).toHaveTextContent(
      'Only PNG or JPG images can be sent',
    );
    await user.upload(input, png('big.png', 6 * 1024 * 1024));
    expect(screen.getByTestId('withdrawal-confirm-problem')).toHaveTextContent(
      'Each image can be up to 5 MB',
    );
    await user.upload(input, [png('1.png'), png('2.png'), png('3.png'), png('4.png')]);
    expect(screen.getByTestId('withdrawal-confirm-problem')).toHaveTextContent('At most 3 images');
    await user.click(screen.getByTestId('withdrawal-confirm-submit'));
    expect(screen.getByTestId('withdrawal-confirm-problem')).toHaveTextContent(
      'Add at least one proof image',
    );
    expect(confirm).not.toHaveBeenCalled();
    await user.upload(input, [png('1.png'), png('2.png')]);
    expect(screen.getByTestId('withdrawal-confirm-previews').querySelectorAll('img')).toHaveLength(
      2,
    );
    await user.click(screen.getByRole('button', { name: 'Remove 2.png' }));
    await user.click(screen.getByTestId('withdrawal-confirm-submit'));
    await waitFor(() => expect(confirm).toHaveBeenCalledOnce());
    const [, sent] = confirm.mock.calls[0] ?? [];
    expect(sent).toEqual({
      outcome: 'not_received',
      proofImages: [btoa(String.fromCharCode(...PNG_BYTES))],
    });
  });
});
