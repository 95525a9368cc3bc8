import { describe, expect, it } from 'vitest';
import { formatMinorUnits } from './money';

describe('formatMinorUnits', () => {
  it('shows minor units with 2 decimals and grouping', () => {
    expect(formatMinorUnits('123456789', 2)).toBe('1,234,567.89');
    expect(formatMinorUnits('5', 2)).toBe('0.05');
    expect(formatMinorUnits('-1050', 2)).toBe('-10.50');
  });

  it('scales currencies with other decimals without floating point', () => {
    expect(formatMinorUnits('1000', 0)).toBe('1,000.00');
    expect(formatMinorUnits('123456', 3)).toBe('123.45');
    expect(formatMinorUnits('9007199254740993', 2)).toBe('90,071,992,547,409.93');
  });
});
