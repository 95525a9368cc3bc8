// Proves the agent centre's real-time salary end to end (issue 22, Acceptance): the house gives
// a new top agent a real-time salary contract, which it accepts in its contract pop-up; the
// agent opens a sub-agent account in its register centre and offers it a lower real-time
// salary from its contracts page; the sub-agent's first login sets a new password and accepts
// in its own pop-up; a member the sub-agent opened bets real money in the house slot; once the
// five minutes of those bets have closed, the settlement job's next run (the end-to-end server
// runs it on the real clock, global-setup.ts) pays each agent its rate of the team's valid bet,
// rounded down: the sub-agent's salary from the agent, the agent's from the house, as both see
// them in the agent centre and in their balances.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  LANNA_PASSWORD,
  expectSignedInAs,
  newUsername,
  pathOf,
  registeredMember,
  setForcedPassword,
  submitAgentLogin,
  submitLogin,
  textOf,
} from './support/accounts.ts';
import { newIp, openPageFrom, useBrowser } from './support/browser.ts';
import { minorOf, openSlotFromLobby, spinSlot } from './support/house-slot.ts';
import { creditMember, opsCli } from './support/ops.ts';

const browser = useBrowser();

/** A real-time salary pays each five minutes 30 s after they end (decision 020). */
const SLOT_MS = 5 * 60_000;
const SETTLE_LAG_MS = 30_000;
/** The end-to-end server's settlement tick (global-setup.ts), and a margin for the run itself. */
const TICK_MS = 5_000;
const RUN_MARGIN_MS = 25_000;
/** Spins start only with this much of their five minutes left, so all land in one window. */
const SPINS_NEED_MS = 40_000;
/**
 * The journey waits for a real five-minute window to close and be paid: up to 40 s for a window
 * with room for the spins, up to 5 min for it to end, 30 s of settling lag and a tick. On top
 * come the accounts, contracts and bets in four browser contexts (45 s here) and the checks
 * after (15 s): some 7 min at worst, with room for a busy machine.
 */
const JOURNEY_MS = 10 * 60_000;

/** The rates: the house gives the agent 20%, the agent gives its sub-agent 12.5%. */
const HOUSE_RATE_BP = 2_000;
const SUB_AGENT_RATE = '12.5';
const SUB_AGENT_RATE_BP = 1_250;
const SPINS = 3;
/** The password an agent gives an account it opens; its first login replaces it. */
const OPENING_PASSWORD = 'Open@2026x';

/** A salary of the contract's one tier from nothing: its rate of the valid bet, rounded down. */
const salaryOf = (validBetMinor: bigint, rateBp: number): bigint =>
  (validBetMinor * BigInt(rateBp)) / 10_000n;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A records table of the agent centre as read: each row's cells under their column headings. */
const rowsOf = async (table: Locator): Promise<Record<string, string>[]> => {
  const headings = (await table.getByRole('columnheader').allTextContents()).map((text) =>
    text.trim(),
  );
  const rows = await table.locator('tbody').getByRole('row').all();
  return Promise.all(
    rows.map(async (row) => {
      const cells = await row.getByRole('cell').allTextContents();
      return Object.fromEntries(headings.map((heading, i) => [heading, cells[i]?.trim() ?? '']));
    }),
  );
};

const headerMinor = async (page: Page): Promise<bigint> =>
  minorOf(await textOf(page, 'header-balance-amount'));

/** Opens an agent-centre page from the agent menu. */
const openAgentTab = async (page: Page, tab: string) => {
  await page.getByTestId(`agent-tab-${tab}`).click();
  await page.getByTestId(`agent-page-${tab}`).waitFor();
};

/** Opens an account directly below the signed-in agent in its register centre. */
const openAccount = async (page: Page, kind: 'member' | 'agent', username: string) => {
  await openAgentTab(page, 'openAccount');
  const form = page.getByTestId('open-account');
  await form.getByTestId(`open-account-kind-${kind}`).check();
  await form.getByTestId('open-account-username').fill(username);
  await form.getByTestId('open-account-password').fill(OPENING_PASSWORD);
  await form.getByTestId('open-account-confirm').fill(OPENING_PASSWORD);
  await form.getByTestId('open-account-submit').click();
  const opened = kind === 'agent' ? 'Sub-agent account' : 'Member account';
  await expect
    .poll(() => textOf(page, 'open-account-done'))
    .toContain(`${opened} ${username} is open.`);
};

/** Accepts, in the contract pop-up, the real-time salary `from` offers at `rate`. */
const acceptInPopup = async (page: Page, from: string, rate: string) => {
  const popup = page.getByTestId('modal-contractModal');
  const request = popup
    .getByTestId('contract-request')
    .filter({ hasText: `${from} offers you a Real-time salary contract` });
  await expect.poll(() => request.innerText()).toContain(rate);
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => popup.count()).toBe(0);
};

/** The received contracts of the contracts page: the one from `from` is in force. */
const expectContractInForce = async (page: Page, from: string, rate: string) => {
  await openAgentTab(page, 'contracts');
  // The page shows before its rows have loaded: the table is read until they are in.
  const received = () => rowsOf(page.getByTestId('contracts-received'));
  await expect
    .poll(received)
    .toEqual([
      expect.objectContaining({ Type: 'Real-time salary', Agent: from, Status: 'Active' }),
    ]);
  expect((await received())[0]?.['Top rate']).toBe(rate);
};

/** Minor units as the agent centre writes them (below a thousand: no separators). */
const amountText = (minor: bigint): string =>
  `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

/** A real-time salary row of a payout list (received or paid) with the given figures. */
const salaryRow = (counterpart: string, validBetMinor: bigint, amountMinor: bigint): unknown =>
  expect.objectContaining({
    Type: 'Real-time salary',
    'From / to': counterpart,
    'Active members': '1',
    Status: 'Paid',
    'Valid bet': `฿ ${amountText(validBetMinor)}`,
    Amount: `฿ ${amountText(amountMinor)}`,
  });

/** Reloads a payout page until its list has rows (the salary run comes on its own clock). */
const waitForPayouts = async (page: Page, testId: string) => {
  await expect
    .poll(
      async () => {
        await page.reload();
        const list = page.getByTestId(testId);
        await list.getByTestId(`${testId}-table`).or(list.getByTestId('empty-state')).waitFor();
        return page.getByTestId(`${testId}-row`).count();
      },
      { timeout: TICK_MS + RUN_MARGIN_MS, interval: 2_000 },
    )
    .toBeGreaterThan(0);
};

/**
 * The agent's balance as the site's header shows it, in the member centre that the agent
 * centre's 'Deposit and withdraw' page links to.
 */
const headerBalanceOf = async (page: Page): Promise<bigint> => {
  await openAgentTab(page, 'depositWithdraw');
  await page.getByTestId('agent-deposit-withdraw').getByRole('link', { name: 'Deposit' }).click();
  await expect.poll(() => pathOf(page)).toBe('/member');
  await page.getByTestId('header-balance-refresh').click();
  await expect.poll(() => textOf(page, 'header-balance-amount')).toMatch(/\d/);
  return headerMinor(page);
};

/** The agent's account details: its wallet's entries, newest first, with the balance after. */
const accountEntriesOf = async (page: Page) => {
  await openAgentTab(page, 'accountDetails');
  await page.getByTestId('account-details-table').waitFor();
  return (await rowsOf(page.getByTestId('account-details-table'))).map((row) => [
    row['Type'],
    row['Amount'],
    row['Balance after'],
  ]);
};

describe('a real-time salary', () => {
  it(
    'reaches the agent and its sub-agent after the run that follows their players’ bets',
    async () => {
      // An operator makes a new member a top agent and offers it the house's contract.
      const registered = await registeredMember(browser(), 'rsal');
      const top = registered.username;
      await registered.page.context().close();
      await opsCli(
        'put-agent',
        '--merchantCode',
        'lanna',
        '--username',
        top,
        '--type:=1',
        '--reason',
        'end-to-end top agent',
      );
      const houseTerms = {
        kind: 'realtime_salary',
        basis: 'valid_bet',
        tiering: 'highest',
        tiers: [{ threshold: '0', minActiveMembers: 0, rateBp: HOUSE_RATE_BP }],
        minBetMinor: '0',
      };
      await opsCli(
        'offer-house-contract',
        '--merchantCode',
        'lanna',
        '--username',
        top,
        `--terms:=${JSON.stringify(houseTerms)}`,
        '--reason',
        'end-to-end real-time salary',
      );

      // The agent signs in at /agent and accepts the house's offer in its contract pop-up.
      const agent = await openPageFrom(browser(), newIp(), '/agent');
      await submitAgentLogin(agent, top, LANNA_PASSWORD);
      await expect.poll(() => pathOf(agent)).toBe('/agentHome');
      await acceptInPopup(agent, 'House', '20%');
      await expectContractInForce(agent, 'House', '20%');

      // It opens a sub-agent account and offers it a real-time salary at 12.5%.
      const sub = newUsername('rsub');
      await openAccount(agent, 'agent', sub);
      await openAgentTab(agent, 'contracts');
      const offer = agent.getByTestId('offer-contract');
      await offer.getByTestId('offer-contract-downline').selectOption(sub);
      await offer.getByTestId('offer-contract-kind').selectOption('realtime_salary');
      await offer.getByTestId('offer-contract-basis').selectOption('valid_bet');
      await offer.getByTestId('offer-contract-tiering').selectOption('highest');
      const tier = offer.getByTestId('offer-contract-tier');
      await expect.poll(() => tier.count()).toBe(1);
      await tier.getByLabel('From', { exact: true }).fill('0');
      await tier.getByLabel('Rate, players who won').fill(SUB_AGENT_RATE);
      await offer.getByTestId('offer-contract-submit').click();
      await expect
        .poll(() => textOf(agent, 'offer-contract-done'))
        .toBe(`Offer sent to ${sub}. It waits for the agent's answer.`);
      await expect
        .poll(async () => rowsOf(agent.getByTestId('contracts-offered')))
        .toEqual([expect.objectContaining({ Agent: sub, Status: 'Waiting', 'Top rate': '12.5%' })]);

      // The sub-agent's first login sets its own password, then it accepts in its pop-up.
      const subAgent = await openPageFrom(browser(), newIp(), '/agent');
      await submitAgentLogin(subAgent, sub, OPENING_PASSWORD);
      await setForcedPassword(subAgent, LANNA_PASSWORD);
      await expect.poll(() => pathOf(subAgent)).toBe('/agentHome');
      await acceptInPopup(subAgent, top, '12.5%');
      await expectContractInForce(subAgent, top, '12.5%');

      // A member of the sub-agent's team, opened in its register centre, signs in and is paid in.
      const playerName = newUsername('rply');
      await openAccount(subAgent, 'member', playerName);
      const player = await openPageFrom(browser(), newIp());
      await submitLogin(player, playerName, OPENING_PASSWORD);
      await setForcedPassword(player, LANNA_PASSWORD);
      await expectSignedInAs(player, playerName);
      await creditMember('lanna', playerName, '10000');
      await player.getByTestId('header-balance-refresh').click();
      await expect.poll(() => headerMinor(player)).toBe(10_000n);

      // Its bets, all in one five minutes: a window about to close is let go first.
      const game = await openSlotFromLobby(player);
      await expect.poll(() => game.locator('#balance').innerText()).toContain('100.00');
      const windowOf = (at: number) => Math.floor(at / SLOT_MS) * SLOT_MS;
      if (windowOf(Date.now()) + SLOT_MS - Date.now() < SPINS_NEED_MS) {
        await sleep(windowOf(Date.now()) + SLOT_MS - Date.now() + 1_000);
      }
      const windowStart = windowOf(Date.now());
      let balance = 10_000n;
      let validBetMinor = 0n;
      for (let spin = 0; spin < SPINS; spin += 1) {
        const round = await spinSlot(game, balance);
        balance = round.afterMinor;
        validBetMinor += round.stakeMinor;
      }
      expect(windowOf(Date.now())).toBe(windowStart);
      await game.close();

      // What the contracts pay on that valid bet: the agent 20% from the house, of which the
      // sub-agent's 12.5% goes on to it; each rounded down once.
      const topSalary = salaryOf(validBetMinor, HOUSE_RATE_BP);
      const subSalary = salaryOf(validBetMinor, SUB_AGENT_RATE_BP);
      expect([validBetMinor, topSalary, subSalary]).toEqual([300n, 60n, 37n]);

      // The run comes 30 s after the five minutes end, on the server's next tick.
      await sleep(windowStart + SLOT_MS + SETTLE_LAG_MS - Date.now());

      // The sub-agent: its real-time salary from the agent, in its income and its balance.
      await openAgentTab(subAgent, 'realTimeSalary');
      await waitForPayouts(subAgent, 'payouts-realtime_salary');
      expect(await rowsOf(subAgent.getByTestId('payouts-realtime_salary-table'))).toEqual([
        salaryRow(top, validBetMinor, subSalary),
      ]);
      await openAgentTab(subAgent, 'myIncome');
      await expect
        .poll(async () => rowsOf(subAgent.getByTestId('my-income-table')))
        .toEqual([salaryRow(top, validBetMinor, subSalary)]);
      expect(minorOf(await textOf(subAgent, 'my-income-totals'))).toBe(subSalary);
      expect(await accountEntriesOf(subAgent)).toEqual([
        ['Salary', `+${amountText(subSalary)}`, amountText(subSalary)],
      ]);
      expect(await headerBalanceOf(subAgent)).toBe(subSalary);

      // The agent: the house's salary received, the sub-agent's paid, the difference kept.
      await agent.reload();
      await openAgentTab(agent, 'realTimeSalary');
      await expect
        .poll(async () => rowsOf(agent.getByTestId('payouts-realtime_salary-table')))
        .toEqual([salaryRow('House', validBetMinor, topSalary)]);
      await agent.getByTestId('payouts-realtime_salary-side-paid').click();
      await expect
        .poll(async () => rowsOf(agent.getByTestId('payouts-realtime_salary-table')))
        .toEqual([salaryRow(sub, validBetMinor, subSalary)]);
      await openAgentTab(agent, 'myIncome');
      await expect
        .poll(async () => minorOf(await textOf(agent, 'my-income-totals')))
        .toBe(topSalary);
      const kept = topSalary - subSalary;
      expect(await accountEntriesOf(agent)).toEqual([
        ['Salary', `-${amountText(subSalary)}`, amountText(kept)],
        ['Salary', `+${amountText(topSalary)}`, amountText(topSalary)],
      ]);
      expect(await headerBalanceOf(agent)).toBe(kept);

      for (const page of [agent, subAgent, player]) await page.context().close();
    },
    JOURNEY_MS,
  );
});
