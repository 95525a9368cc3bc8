import type { Db } from '../../db/client.ts';

export type GameMaintenanceRow = {
  id: number;
  game_code: string;
  vendor_code: string;
  maintenance: boolean;
};

/** The game's row, locked so two operators' changes are audited in the order they apply. */
export const lockGameMaintenance = (db: Db, gameId: number) =>
  db.maybeOne<GameMaintenanceRow>(
    `SELECT g.id, g.game_code, v.code AS vendor_code, g.maintenance
     FROM games g JOIN vendors v ON v.id = g.vendor_id
     WHERE g.id = $1
     FOR UPDATE OF g`,
    [gameId],
  );

export const updateGameMaintenance = (db: Db, gameId: number, maintenance: boolean) =>
  db.query(`UPDATE games SET maintenance = $2 WHERE id = $1`, [gameId, maintenance]);

export type VendorMaintenanceRow = { id: number; category: string; maintenance: boolean };

/** Every row of a vendor code (one per category it serves), locked. */
export const lockVendorMaintenance = (db: Db, vendorCode: string) =>
  db.query<VendorMaintenanceRow>(
    `SELECT id, category, maintenance FROM vendors WHERE code = $1 ORDER BY category FOR UPDATE`,
    [vendorCode],
  );

export const updateVendorMaintenance = (db: Db, vendorCode: string, maintenance: boolean) =>
  db.query(`UPDATE vendors SET maintenance = $2 WHERE code = $1`, [vendorCode, maintenance]);
