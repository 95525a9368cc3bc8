import { afterEach } from 'vitest';
import {
  checkOpenPages,
  describeViolations,
  takeAccessibilityViolations,
} from './accessibility.ts';

// Every journey fails on a serious or critical axe violation of any page it visited, its
// still open pages included (see accessibility.ts).
afterEach(async () => {
  await checkOpenPages();
  const violations = takeAccessibilityViolations();
  if (violations.length > 0) throw new Error(describeViolations(violations));
});
