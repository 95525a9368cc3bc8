// The register centre as an agent uses it: it opens a member or a sub-agent account directly
// below itself (sealed, with the merchant's username and password rules), the new account
// must choose its own password at first login and shows in the agent's team; the agent's
// invitation carries its affiliate code, which registration accepts, as a link and a QR code. Members, clear text and bad accounts change nothing.
import { DownlinePageSchema, InvitationSchema, OpenedAccountSchema } from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  loginAs,
  openTestDb,
  postLogin,
  type TestDb,
} from '../../testing/index.ts';
import { newSignedInMember, type SignedInMember } from '../../testing/factories/members.ts';
import { codeOf, getAs, postAs, sealedAs, valueOf, type Caller } from '../../testing/requests.ts';

let testDb: TestDb;
let app: FastifyInstance;
let agent: SignedInMember;
let member: SignedInMember;

const PASSWORD = 'Opened@2026x';

const open = (caller: Caller, payload: Record<string, unknown>) =>
  sealedAs(app, caller, 'POST', '/wps/agent/downlines', {
    password: PASSWORD,
    kind: 'member',
    ...payload,
  });

const teamOf = async (caller: Caller) =>
  valueOf(await getAs(app, caller, '/wps/agent/downlines'), DownlinePageSchema).list.map(
    (row) => `${row.account}:${row.level}:${row.isAgent ? 'agent' : 'member'}`,
  );

const memberCount = async () =>
  (await testDb.db.one<{ count: number }>('SELECT count(*)::int AS count FROM members')).count;

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db);
  agent = await newSignedInMember(app, testDb.db, { type: 1, username: 'opener_agent' });
  member = await newSignedInMember(app, testDb.db, { username: 'opener_member', upline: agent });
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

describe('POST /wps/agent/downlines', () => {
  it('opens a member below the agent, whose first login asks for a new password', async () => {
    const response = await open(agent, { username: 'kid0001', nickname: 'Kid' });
    expect(valueOf(response, OpenedAccountSchema)).toMatchObject({ account: 'kid0001' });
    expect(await teamOf(agent)).toEqual(['kid0001:1:member', 'opener_member:1:member']);
    const login = await loginAs(app, { username: 'kid0001', password: PASSWORD });
    expect(login).toMatchObject({ role: 'member', firstTimeLogin: true });
  });

  it("opens a sub-agent that opens accounts of its own, all in the first agent's team", async () => {
    valueOf(await open(agent, { username: 'subagent01', kind: 'agent' }), OpenedAccountSchema);
    const login = await postLogin(
      app,
      { username: 'subagent01', password: PASSWORD },
      { agentArea: true },
    );
    expect(login.statusCode, login.body).toBe(200);
    const subCaller = {
      host: 'localhost',
      token: login.json<{ value: { token: string } }>().value.token,
    };
    valueOf(await open(subCaller, { username: 'grandkid01' }), OpenedAccountSchema);
    expect(await teamOf(agent)).toEqual([
      'grandkid01:2:member',
      'subagent01:1:agent',
      'kid0001:1:member',
      'opener_member:1:member',
    ]);
  });

  it.each([
    [{ username: 'kid0001' }, 409, 'USERNAME_TAKEN'],
    [{ username: 'KID0001' }, 409, 'USERNAME_TAKEN'],
    [{ username: 'ab' }, 400, 'RULES_NOT_MET'],
    [{ username: '1kid' }, 400, 'RULES_NOT_MET'],
    [{ username: 'kid0002', password: 'short' }, 400, 'RULES_NOT_MET'],
    [{ username: 'kid0002', password: 'Kid0002@abcd' }, 400, 'WEAK_PASSWORD'],
    [{ username: 'kid0002', kind: 'operator' }, 400, 'VALIDATION_FAILED'],
    [{ username: 'kid0002', upline: 'opener_member' }, 400, 'VALIDATION_FAILED'],
    [{ username: 'kid\u00000002' }, 400, 'VALIDATION_FAILED'],
  ])('refuses %j with %s %s and opens nothing', async (payload, status, code) => {
    const before = await memberCount();
    const response = await open(agent, payload);
    expect([response.statusCode, codeOf(response)]).toEqual([status, code]);
    expect(await memberCount()).toBe(before);
  });

  it('refuses a member, and clear text', async () => {
    const before = await memberCount();
    const asMember = await open(member, { username: 'kid0003' });
    expect([asMember.statusCode, codeOf(asMember)]).toEqual([403, 'FORBIDDEN']);
    const clear = await postAs(app, agent, '/wps/agent/downlines', {
      username: 'kid0003',
      password: PASSWORD,
      kind: 'member',
    });
    expect([clear.statusCode, codeOf(clear)]).toEqual([400, 'PAYLOAD_ENCRYPTION_REQUIRED']);
    expect(await memberCount()).toBe(before);
  });
});

describe('GET /wps/agent/invitation', () => {
  it("gives the agent one code, as a link to the site's registration and a QR code", async () => {
    const first = valueOf(await getAs(app, agent, '/wps/agent/invitation'), InvitationSchema);
    const again = valueOf(await getAs(app, agent, '/wps/agent/invitation'), InvitationSchema);
    expect(again.affiliateCode).toBe(first.affiliateCode);
    expect(first.link).toBe(`http://localhost/register?affiliateCode=${first.affiliateCode}`);
    expect(
      Buffer.from(first.qrDataUrl.split(',')[1] ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    // Registration takes the code as this agent's.
    const checked = await call(app, {
      method: 'GET',
      url: `/wps/agent/affiliate?code=${first.affiliateCode.toLowerCase()}`,
    });
    expect(checked.statusCode, checked.body).toBe(200);
  });

  it('is for agents only', async () => {
    const response = await getAs(app, member, '/wps/agent/invitation');
    expect([response.statusCode, codeOf(response)]).toEqual([403, 'FORBIDDEN']);
  });
});
