// Proves the operator's maintenance switches: a game or a whole vendor goes under maintenance at
// once in the lists every merchant sees, each change leaves an audit row, and bad input or a
// missing key changes nothing.
import type { Envelope, GameCard } from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { TEST_OPERATOR_KEY } from '../../testing/index.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const AUTH = { authorization: `Bearer ${TEST_OPERATOR_KEY}` };
const world = useTestApp();

const houseGames = async (): Promise<GameCard[]> => {
  const response = await world.app.inject({
    method: 'GET',
    url: '/lgw/games/list?vassalage=HOUSE',
  });
  return response.json<Envelope<{ games: GameCard[] }>>().value.games;
};

const auditRows = (target: string) =>
  world.db.query<{ actor: string; reason: string; after: unknown }>(
    `SELECT actor, reason, after FROM audit_log WHERE target = $1 ORDER BY id`,
    [target],
  );

const put = (url: string, body: unknown, headers: Record<string, string> = AUTH) =>
  world.app.inject({ method: 'PUT', url, headers, payload: body as object });

describe('PUT /ops/games/:nodeId/maintenance', () => {
  it('puts one game under maintenance and back, in the list at once, audit-logged', async () => {
    const [game, other] = await houseGames();
    if (!game || !other) throw new Error('the seed has house games');
    const on = await put(`/ops/games/${game.nodeId}/maintenance`, {
      maintenance: true,
      reason: 'provider upgrade',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json<Envelope<unknown>>().value).toEqual({
      nodeId: game.nodeId,
      vassalage: 'HOUSE',
      gameId: game.gameId,
      maintenance: true,
    });
    const refused = await world.app.inject({
      method: 'GET',
      url: `/wps/game/launchGame/free?vassalage=HOUSE&gameCode=${game.gameId}`,
    });
    expect(refused.json<Envelope<unknown>>().code).toBe('MAINTENANCE');
    const during = await houseGames();
    expect(during.find((card) => card.nodeId === game.nodeId)?.maintenance).toBe(true);
    expect(during.find((card) => card.nodeId === other.nodeId)?.maintenance).toBe(false);

    await put(`/ops/games/${game.nodeId}/maintenance`, { maintenance: false, reason: 'done' });
    expect((await houseGames()).every((card) => !card.maintenance)).toBe(true);
    const audit = await auditRows(`game:${game.nodeId}`);
    expect(audit.map((row) => [row.reason, row.after])).toEqual([
      ['provider upgrade', { maintenance: true }],
      ['done', { maintenance: false }],
    ]);
  });

  it('answers NOT_FOUND for an unknown game and VALIDATION_FAILED for a bad body', async () => {
    const missing = await put('/ops/games/999999/maintenance', {
      maintenance: true,
      reason: 'x1y',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Envelope<unknown>>().code).toBe('NOT_FOUND');
    const [game] = await houseGames();
    const bad = await put(`/ops/games/${game?.nodeId}/maintenance`, { maintenance: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await houseGames()).every((card) => !card.maintenance)).toBe(true);
  });

  it('refuses a caller without the operator key', async () => {
    const [game] = await houseGames();
    const response = await put(
      `/ops/games/${game?.nodeId}/maintenance`,
      { maintenance: true, reason: 'no key' },
      {},
    );
    expect(response.statusCode).toBe(401);
    expect((await houseGames()).every((card) => !card.maintenance)).toBe(true);
  });
});

describe('PUT /ops/vendors/:vassalage/maintenance', () => {
  it('puts every game of a vendor under maintenance, and launching it is refused', async () => {
    const on = await put('/ops/vendors/HOUSE/maintenance', {
      maintenance: true,
      reason: 'vendor restart',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json<Envelope<{ maintenance: boolean }>>().value.maintenance).toBe(true);
    expect((await houseGames()).every((card) => card.maintenance)).toBe(true);
    const launch = await world.app.inject({
      method: 'GET',
      url: '/wps/game/launchGame/free?vassalage=HOUSE&gameCode=lanna-slot',
    });
    expect(launch.json<Envelope<unknown>>().code).toBe('MAINTENANCE');

    await put('/ops/vendors/HOUSE/maintenance', { maintenance: false, reason: 'back' });
    expect((await houseGames()).every((card) => !card.maintenance)).toBe(true);
    expect(await auditRows('vendor:HOUSE')).toHaveLength(2);
  });

  it('answers NOT_FOUND for an unknown vendor', async () => {
    const response = await put('/ops/vendors/NOPE/maintenance', {
      maintenance: true,
      reason: 'x1y',
    });
    expect(response.statusCode).toBe(404);
  });
});
