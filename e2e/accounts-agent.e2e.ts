// Proves the agent login page of spec section 2: a member who is not an agent is refused with
// the spec's message and stays on /agent; an agent reaches /agentHome, and the agent's logout
// returns to /agent.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, pathOf, submitAgentLogin, textOf } from './support/accounts.ts';
import { newIp, openPageFrom, useBrowser } from './support/browser.ts';

const browser = useBrowser();

describe('agent login page', () => {
  it('refuses a member who is not an agent', async () => {
    const page = await openPageFrom(browser(), newIp(), '/agent');
    await submitAgentLogin(page, 'demo_member', DEMO_PASSWORD);
    await expect.poll(() => textOf(page, 'login-error')).toBe('Non-agent cannot log in.');
    expect(pathOf(page)).toBe('/agent');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });

  it('takes an agent to /agentHome, and back to /agent after logout', async () => {
    const page = await openPageFrom(browser(), newIp(), '/agent');
    await submitAgentLogin(page, 'demo_agent', DEMO_PASSWORD);
    await expect.poll(() => pathOf(page)).toBe('/agentHome');
    await expect.poll(() => textOf(page, 'page-agentHome')).toContain('demo_agent');

    await page.getByTestId('agent-logout').click();
    const dialog = page.getByTestId('modal-logoutModal');
    await expect.poll(() => dialog.innerText()).toContain('Are you sure you want to log out?');
    await dialog.getByTestId('logout-confirm').click();
    await expect.poll(() => pathOf(page)).toBe('/agent');
    await page.getByTestId('page-agent').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });
});
