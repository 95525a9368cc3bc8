import {
  DOWNLINE_ACTIVE_DAYS,
  INVITATION_PATH,
  roleOfType,
  type Downline,
  type DownlinePage,
  type DownlineQuerySchema,
  type Invitation,
} from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { toIso, toIsoOrNull } from '../../shared/clock.ts';
import { addDays, zonedIsoDate } from '../../shared/day-range.ts';
import { readKeysetPage } from '../../shared/keyset.ts';
import { affiliateCodeOf } from '../auth/index.ts';
import { findMemberBalances } from '../ledger/index.ts';
import { getMerchantBrand, getRegisterSettings } from '../system/index.ts';
import * as repository from './downlines.repository.ts';
import { TEAM_WALLETS } from './team.service.ts';

type DownlineQuery = z.output<typeof DownlineQuerySchema>;

const toDownline = (
  row: repository.DownlineRow,
  balance: bigint,
  contracts: Downline['contracts'],
): Downline => ({
  id: Number(row.id),
  account: row.username,
  nickname: row.nickname,
  isAgent: roleOfType(row.type) === 'agent',
  level: row.level,
  upline: row.upline,
  status: row.status,
  active: row.active,
  balanceMinor: balance.toString(),
  registeredAt: toIso(row.created_at),
  lastLoginAt: toIsoOrNull(row.last_login_at),
  teamSize: row.team_size,
  frozen: row.frozen,
  freezeRequest:
    row.freeze_status && row.freeze_requested_at
      ? { status: row.freeze_status, requestedAt: toIso(row.freeze_requested_at) }
      : null,
  contracts,
});

/**
 * Downline management (spec section 2; issue 22 item 1): the agent's team at any depth, newest
 * registration first, searched and filtered, each with its balance and team size. Nobody
 * outside the agent's subtree is ever read.
 */
export const findDownlines = async (
  db: Db,
  merchantId: number,
  agentId: number,
  query: DownlineQuery,
  now: Date,
): Promise<DownlinePage> => {
  const brand = await getMerchantBrand(db, merchantId);
  const today = zonedIsoDate(now, brand.timeZone);
  const filter: repository.DownlineFilter = {
    merchantId,
    agentId,
    activeSince: addDays(today, 1 - DOWNLINE_ACTIVE_DAYS),
    search: query.search?.trim() || undefined,
    level: query.level,
    status: query.status,
    activity: query.activity,
    kind: query.kind,
  };
  const page = await readKeysetPage(
    query,
    {
      rows: (start, limit) => repository.findDownlines(db, filter, { start, limit }),
      count: (limit) => repository.countDownlines(db, filter, limit),
      keyOf: (row) => ({ atMicros: row.created_at_micros, id: row.id }),
    },
    async (rows) => {
      const ids = rows.map((row) => Number(row.id));
      const balances = await findMemberBalances(db, merchantId, ids, TEAM_WALLETS);
      const contracts = new Map<number, Downline['contracts']>();
      for (const given of await repository.findContractsGiven(db, agentId, ids)) {
        const id = Number(given.downline_id);
        contracts.set(id, [
          ...(contracts.get(id) ?? []),
          { kind: given.kind, topRateBp: given.top_rate_bp },
        ]);
      }
      return rows.map((row) =>
        toDownline(row, balances.get(Number(row.id)) ?? 0n, contracts.get(Number(row.id)) ?? []),
      );
    },
  );
  return {
    ...page,
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
  };
};

/**
 * The agent's invitation (register centre): its affiliate code, the registration link on the
 * site it signed in to (`origin`, the request's own), and that link as a QR code.
 */
export const getInvitation = async (
  db: Db,
  merchantId: number,
  agentId: number,
  origin: string,
): Promise<Invitation> => {
  const affiliateCode = await affiliateCodeOf(db, merchantId, agentId);
  const settings = await getRegisterSettings(db, merchantId);
  const link = new URL(INVITATION_PATH, origin);
  link.searchParams.set('affiliateCode', affiliateCode);
  // The encoder is some sixty files: loaded by the few agents who open this page.
  const { toDataURL } = await import('qrcode');
  return {
    affiliateCode,
    link: link.toString(),
    qrDataUrl: await toDataURL(link.toString(), { margin: 1, width: 240 }),
    enabled: settings.affiliateCodeEnabled,
  };
};
