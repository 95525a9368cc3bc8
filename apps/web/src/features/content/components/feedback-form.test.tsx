// Proves the feedback form's own checks before anything is sent (spec sections 5 and 9): the
// description must be 10 to 500 characters, and only PNG or JPEG pictures (by their bytes) can
// be attached; a valid feedback is sent with its question type and images as base64.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { submitFeedbackRequest } from '../api/feedback';
import { FeedbackForm } from './feedback-form';

vi.mock('../api/feedback', async (original) => ({
  ...(await original<typeof import('../api/feedback')>()),
  submitFeedbackRequest: vi.fn(),
}));
const submit = vi.mocked(submitFeedbackRequest);

beforeEach(() => submit.mockReset());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('FeedbackForm', () => {
  it('refuses a description shorter than 10 characters without sending', async () => {
    renderWithProviders(<FeedbackForm />);
    await userEvent.type(screen.getByTestId('feedback-content'), 'too short');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByTestId('feedback-problem')).toHaveTextContent('10 to 500 characters');
    expect(submit).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a PNG or JPEG by its bytes', async () => {
    renderWithProviders(<FeedbackForm />);
    const fake = new File(['GIF89a, not really'], 'shot.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('feedback-files'), fake);
    expect(await screen.findByTestId('feedback-problem')).toHaveTextContent('PNG or JPG');
  });

  it('sends the question type, the description and the images', async () => {
    submit.mockResolvedValue({
      id: 1,
      questionType: 'withdraw',
      content: 'My withdrawal has not arrived.',
      imageCount: 1,
      status: 'submitted',
      reply: null,
      createdAt: '2026-03-01T00:00:00.000Z',
      repliedAt: null,
    });
    renderWithProviders(<FeedbackForm />);
    await userEvent.selectOptions(screen.getByTestId('feedback-type'), 'withdraw');
    await userEvent.type(screen.getByTestId('feedback-content'), 'My withdrawal has not arrived.');
    await userEvent.upload(
      screen.getByTestId('feedback-files'),
      new File([PNG], 'slip.png', { type: 'image/png' }),
    );
    await screen.findByAltText('slip.png');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(screen.getByTestId('feedback-sent')).toBeInTheDocument());
    expect(submit).toHaveBeenCalledWith({
      questionType: 'withdraw',
      content: 'My withdrawal has not arrived.',
      images: [btoa(String.fromCharCode(...PNG))],
    });
    expect(screen.getByTestId('feedback-content')).toHaveValue('');
  });
});
