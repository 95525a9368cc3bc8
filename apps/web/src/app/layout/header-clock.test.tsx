/** The header clock ticks every second in GMT+7, whatever the process time zone. */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { HeaderClock } from './header-clock';

const originalTz = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/New_York';
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T16:59:58.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  process.env.TZ = originalTz;
});

it('shows MM/DD hh:mm:ss in Bangkok time and ticks each second', () => {
  render(<HeaderClock timeZone="Asia/Bangkok" />);
  const clock = screen.getByTestId('header-clock');
  expect(clock).toHaveTextContent('03/01 23:59:58');
  act(() => {
    vi.advanceTimersByTime(1000);
  });
  expect(clock).toHaveTextContent('03/01 23:59:59');
  act(() => {
    vi.advanceTimersByTime(1000);
  });
  expect(clock).toHaveTextContent('03/02 00:00:00');
  expect(screen.getByText('GMT+7')).toBeInTheDocument();
});
