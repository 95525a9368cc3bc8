import type { GameMaintenance, VendorMaintenance } from '@lanna/contract/games/games-ops';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { GameCatalogCache } from './game-catalog.ts';
import {
  lockGameMaintenance,
  lockVendorMaintenance,
  updateGameMaintenance,
  updateVendorMaintenance,
} from './games-ops.repository.ts';

type OperatorChange = { maintenance: boolean; reason: string; actor: string };

/**
 * Games and vendors are shared by every merchant, so the audit row carries no merchant and the
 * change drops every merchant's catalog on this node (other nodes see it within CATALOG_TTL_MS).
 */
export const changeGameMaintenance = async (
  db: Db,
  catalogs: Pick<GameCatalogCache, 'invalidateAll'>,
  nodeId: number,
  change: OperatorChange,
): Promise<GameMaintenance> => {
  const result = await db.transaction(async (tx) => {
    const game = await lockGameMaintenance(tx, nodeId);
    if (!game) throw new AppError('NOT_FOUND');
    await updateGameMaintenance(tx, game.id, change.maintenance);
    await insertAuditEntry(tx, {
      merchantId: null,
      actor: change.actor,
      action: 'game.maintenance.set',
      target: `game:${game.id}`,
      reason: change.reason,
      before: { maintenance: game.maintenance },
      after: { maintenance: change.maintenance },
    });
    return {
      nodeId: game.id,
      vassalage: game.vendor_code,
      gameId: game.game_code,
      maintenance: change.maintenance,
    };
  });
  catalogs.invalidateAll();
  return result;
};

export const changeVendorMaintenance = async (
  db: Db,
  catalogs: Pick<GameCatalogCache, 'invalidateAll'>,
  vendorCode: string,
  change: OperatorChange,
): Promise<VendorMaintenance> => {
  const result = await db.transaction(async (tx) => {
    const rows = await lockVendorMaintenance(tx, vendorCode);
    if (rows.length === 0) throw new AppError('NOT_FOUND');
    await updateVendorMaintenance(tx, vendorCode, change.maintenance);
    await insertAuditEntry(tx, {
      merchantId: null,
      actor: change.actor,
      action: 'vendor.maintenance.set',
      target: `vendor:${vendorCode}`,
      reason: change.reason,
      before: rows.map((row) => ({ category: row.category, maintenance: row.maintenance })),
      after: rows.map((row) => ({ category: row.category, maintenance: change.maintenance })),
    });
    return {
      vassalage: vendorCode,
      maintenance: change.maintenance,
      categories: rows.map((row) => row.category),
    };
  });
  catalogs.invalidateAll();
  return result;
};
