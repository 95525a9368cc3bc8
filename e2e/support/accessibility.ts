import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { BrowserContext, Frame, Page, Request } from 'playwright-core';
import { inject } from 'vitest';

/*
 * The automatic accessibility check of the journeys (issue 29): every page a journey visits is
 * run through axe once it has settled after each navigation, client-side route changes
 * included, and once more before its context closes if its current address has not been
 * checked yet. Serious and critical violations are collected here; `afterEach` in
 * accessibility-setup.ts fails the journey that met them, naming the rule, the page and the
 * elements.
 *
 * axe takes seconds on a busy machine, and most journeys pass through the same pages, so a
 * page is checked once per run in each shape: its path and the set of element kinds on it
 * (tag, classes, role and ARIA attribute names), its language, theme and viewport width. A
 * page that shows new kinds of element (a popup, a signed-in header) is checked again.
 */

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** What fails a journey: axe's two highest impacts. */
const FAILING_IMPACTS: ReadonlySet<ImpactValue> = new Set(['serious', 'critical']);

/** A page is settled when its DOM has not changed for this long and no request is in flight. */
const QUIET_MS = 300;
/** Past this a page that never settles (a ticking animation) is checked as it stands. */
const SETTLE_LIMIT_MS = 5_000;
/** Streams never finish, so they do not keep a page unsettled. */
const STREAM_TYPES = new Set(['eventsource', 'websocket']);

/**
 * Origins whose pages the check skips. The house vendor's game pages are owned and checked
 * by their own journeys (apps/house-vendor); set from global-setup's houseVendorUrl.
 */
const skippedOrigins = new Set<string>();
export const skipAccessibilityOf = (origin: string): void => {
  skippedOrigins.add(new URL(origin).origin);
};

export type AccessibilityViolation = {
  rule: string;
  impact: string;
  help: string;
  /** The page's path (with its origin when it is not the journey's main site). */
  page: string;
  targets: string[];
};

const found: AccessibilityViolation[] = [];

/** The violations met since the last call, merged per rule and page, and forgets them. */
export const takeAccessibilityViolations = (): AccessibilityViolation[] => {
  const merged = new Map<string, AccessibilityViolation>();
  for (const violation of found.splice(0)) {
    const key = `${violation.rule} ${violation.page}`;
    const seen = merged.get(key);
    if (!seen) merged.set(key, { ...violation, targets: [...violation.targets] });
    else
      for (const target of violation.targets)
        if (!seen.targets.includes(target)) seen.targets.push(target);
  }
  return [...merged.values()];
};

export const describeViolations = (violations: AccessibilityViolation[]): string =>
  [
    `axe found ${violations.length} serious or critical accessibility violation(s):`,
    ...violations.map(
      (violation) =>
        `  ${violation.rule} (${violation.impact}) on ${violation.page}: ${violation.help}\n` +
        `    at ${violation.targets.join(' | ')}`,
    ),
  ].join('\n');

/** The shapes checked in this run, shared by the spec files through a file (global-setup.ts). */
const checkedShapes = new Set<string>();
const shapeLog = (): string => inject('accessibilityShapeLog');
const alreadyChecked = (shape: string): boolean => {
  if (checkedShapes.has(shape)) return true;
  const log = shapeLog();
  if (existsSync(log))
    for (const line of readFileSync(log, 'utf8').split('\n')) checkedShapes.add(line);
  return checkedShapes.has(shape);
};
const rememberChecked = (shape: string): void => {
  checkedShapes.add(shape);
  appendFileSync(shapeLog(), `${shape}\n`);
};

/** The page's shape (see above), hashed: what a check of it depends on. */
const shapeOf = () => {
  const kinds = new Set<string>();
  for (const element of Array.from(document.querySelectorAll('*'))) {
    const aria = element.getAttributeNames().filter((name) => name.startsWith('aria-'));
    kinds.add(
      [
        element.tagName,
        Array.from(element.classList).sort().join('.'),
        element.getAttribute('role'),
        ...aria.sort(),
      ].join(' '),
    );
  }
  const root = document.documentElement;
  const text = [
    location.pathname,
    root.lang,
    root.dataset.theme,
    innerWidth,
    ...[...kinds].sort(),
  ].join('\n');
  let hash = 5381;
  for (let index = 0; index < text.length; index += 1)
    hash = (hash * 33 + text.charCodeAt(index)) >>> 0;
  return `${location.origin}${location.pathname} ${hash.toString(36)}`;
};

type Watch = {
  /** Bumped by every main-frame navigation; a check of an older one is dropped. */
  navigation: number;
  /** The navigation whose check has finished, or -1. */
  checkedNavigation: number;
  inFlight: Set<Request>;
  /** The check of the latest navigation, once it has started. */
  check: Promise<void>;
};

const watches = new Map<Page, Watch>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isClosedError = (error: unknown): boolean =>
  error instanceof Error &&
  /closed|destroyed|detached|navigat|Target page|has been closed/i.test(error.message);

const labelOf = (frame: Frame, mainOrigin: string): string => {
  const url = new URL(frame.url());
  const path = `${url.pathname}${url.search}`;
  return url.origin === mainOrigin ? path : `${url.origin}${path}`;
};

/** Resolves once the document has loaded and its DOM has been still for `quietMs`. */
const waitForQuietDom = ({ quietMs, limitMs }: { quietMs: number; limitMs: number }) =>
  new Promise<void>((resolve) => {
    const started = performance.now();
    let changed = started;
    const observer = new MutationObserver(() => {
      changed = performance.now();
    });
    observer.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    const poll = () => {
      const now = performance.now();
      const quiet = document.readyState === 'complete' && now - changed >= quietMs;
      if (quiet || now - started >= limitMs) {
        observer.disconnect();
        resolve();
      } else setTimeout(poll, 50);
    };
    poll();
  });

const settled = async (page: Page, watch: Watch, navigation: number): Promise<boolean> => {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  while (navigation === watch.navigation) {
    const left = deadline - Date.now();
    if (left <= 0) return true;
    await page.mainFrame().evaluate(waitForQuietDom, { quietMs: QUIET_MS, limitMs: left });
    if (watch.inFlight.size === 0) return navigation === watch.navigation;
    await sleep(50);
  }
  return false;
};

type AxeWindow = { axe?: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> } };

/**
 * Runs axe in one frame (injecting it first) and returns its failing violations; none when a
 * page of the same shape has been checked in this run.
 */
const runAxe = async (
  frame: Frame,
): Promise<{ shape?: string; violations: AxeResults['violations'] }> => {
  const shape = await frame.evaluate(shapeOf);
  if (alreadyChecked(shape)) return { violations: [] };
  const present = await frame.evaluate(() => Boolean((window as AxeWindow).axe));
  if (!present) await frame.evaluate(AXE_SOURCE);
  const violations = await frame.evaluate(async () => {
    const { axe } = window as AxeWindow;
    // Only violations are built (not passes), which is most of axe's time on a large page;
    // each frame is checked on its own, so axe does not message into child frames.
    // preload fetches the style sheets for one rule (css-orientation-lock) that never fails
    // this site, and costs a request per sheet.
    const results = await axe!.run(document, {
      resultTypes: ['violations'],
      iframes: false,
      preload: false,
    });
    return results.violations;
  });
  return {
    shape,
    violations: violations.filter(
      (violation) => violation.impact && FAILING_IMPACTS.has(violation.impact),
    ),
  };
};

const checkNow = async (page: Page, watch: Watch, navigation: number): Promise<void> => {
  const mainOrigin = new URL(page.url()).origin;
  const frames = page
    .frames()
    .filter((frame) => /^https?:/.test(frame.url()))
    .filter((frame) => !skippedOrigins.has(new URL(frame.url()).origin));
  const results = await Promise.all(
    frames.map(async (frame) => ({ label: labelOf(frame, mainOrigin), ...(await runAxe(frame)) })),
  );
  // A navigation during the run may have changed the DOM under axe: that state is checked by
  // the navigation's own check instead.
  if (navigation !== watch.navigation) return;
  watch.checkedNavigation = navigation;
  for (const { label, shape, violations } of results) {
    if (shape) rememberChecked(shape);
    for (const violation of violations) {
      found.push({
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        page: label,
        targets: violation.nodes.map((node) => node.target.map(String).join(' >>> ')),
      });
    }
  }
};

const checkWhenSettled = async (page: Page, watch: Watch, navigation: number): Promise<void> => {
  try {
    if (await settled(page, watch, navigation)) await checkNow(page, watch, navigation);
  } catch (error) {
    // A page closed or navigated away mid-check: the next navigation or the close checks it.
    // Any other failure of the check fails the journey like a violation, so it cannot hide one.
    if (!isClosedError(error)) {
      found.push({
        rule: 'accessibility-check-failed',
        impact: 'critical',
        help: error instanceof Error ? error.message : String(error),
        page: page.url(),
        targets: [],
      });
    }
  }
};

const watchPage = (page: Page): void => {
  const watch: Watch = {
    navigation: 0,
    checkedNavigation: -1,
    inFlight: new Set(),
    check: Promise.resolve(),
  };
  watches.set(page, watch);
  page.on('close', () => watches.delete(page));
  page.on('request', (request) => {
    if (!STREAM_TYPES.has(request.resourceType())) watch.inFlight.add(request);
  });
  const done = (request: Request) => watch.inFlight.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  // Playwright reports history API route changes as main-frame navigations as well.
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame() || !/^https?:/.test(frame.url())) return;
    watch.navigation += 1;
    const navigation = watch.navigation;
    watch.inFlight.clear();
    watch.check = watch.check.then(() => checkWhenSettled(page, watch, navigation));
  });
};

/**
 * Waits until the page's chain of checks is done, including checks a navigation chained while
 * it waited: axe refuses a second run in a document while one is going.
 */
const checksDone = async (watch: Watch): Promise<void> => {
  let current: Promise<void>;
  do {
    current = watch.check;
    await current;
  } while (current !== watch.check);
};

/** Checks the page's current state once its other checks are done, on the same chain. */
const checkAfterOthers = (page: Page, watch: Watch): Promise<void> => {
  watch.check = watch.check.then(() => checkWhenSettled(page, watch, watch.navigation));
  return checksDone(watch);
};

/**
 * Checks every page still open whose current address has not been checked: waits for its
 * running check, or checks it now. Errors of a page that closes meanwhile are ignored.
 */
export const checkOpenPages = async (pages: Iterable<Page> = watches.keys()): Promise<void> => {
  await Promise.all(
    [...pages].map(async (page) => {
      const watch = watches.get(page);
      if (!watch || page.isClosed()) return;
      await checksDone(watch);
      if (watch.checkedNavigation === watch.navigation || watch.navigation === 0) return;
      await checkAfterOthers(page, watch);
    }),
  );
};

/**
 * Checks a page in the state a journey brought it to without navigating (a played round, an
 * opened panel) once it settles, like a navigation's check; what it finds fails the journey.
 */
export const checkPageNow = async (page: Page): Promise<void> => {
  const watch = watches.get(page);
  if (!watch) throw new Error('the page is not watched: open it through launchBrowser');
  await checksDone(watch);
  await checkAfterOthers(page, watch);
};

/**
 * Watches every page of `context`, and checks its open pages before it closes: a journey ends
 * with `context.close()`, and the page it ends on is part of the journey.
 */
export const watchAccessibility = (context: BrowserContext): void => {
  context.on('page', watchPage);
  const close = context.close.bind(context);
  context.close = async (options) => {
    await checkOpenPages(context.pages());
    return close(options);
  };
};
