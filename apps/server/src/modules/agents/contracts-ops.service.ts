import { AGENT_TYPES, type Contract, type ContractTerms } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { findMemberByUsername } from '../auth/index.ts';
import type { MessagesEvents } from '../messages/index.ts';
import { findMerchantByCode } from '../system/index.ts';
import { offerHouseContract } from './contracts.service.ts';

/**
 * An operator's offer from the house to an agent of the merchant (issue 22 item 6), written to
 * the audit log with its reason.
 */
export const offerHouseContractAsOperator = async (
  db: Db,
  target: { merchantCode: string; username: string },
  body: { terms: ContractTerms; reason: string },
  context: { actor: string; now: Date; events?: EventSink<MessagesEvents> | undefined },
): Promise<Contract> => {
  const merchant = await findMerchantByCode(db, target.merchantCode);
  const agent = merchant && (await findMemberByUsername(db, merchant.id, target.username));
  if (!merchant || !agent || !(AGENT_TYPES as readonly number[]).includes(agent.type))
    throw new AppError('NOT_FOUND');
  return db.transaction(async (tx) => {
    const contract = await offerHouseContract(
      { db: tx, merchantId: merchant.id, now: context.now, events: context.events },
      Number(agent.id),
      body.terms,
    );
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: context.actor,
      action: 'agent.contract.offer',
      target: agent.username,
      reason: body.reason,
      before: null,
      after: contract,
    });
    return contract;
  });
};
