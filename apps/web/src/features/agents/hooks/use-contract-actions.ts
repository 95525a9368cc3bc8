import type { Contract } from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '@/components/ui/form/failure-text';
import { isApiError, type UndercutContract } from '@/lib/api/api-error';
import { acceptContractRequest } from '../api/accept-contract';
import { acknowledgeContractRequest } from '../api/acknowledge-contract';
import { contractsKey } from '../api/find-contracts';
import { rejectContractRequest } from '../api/reject-contract';
import { terminateContractRequest } from '../api/terminate-contract';

export type ContractAction = 'accept' | 'reject' | 'terminate' | 'acknowledge';

/** An accept the server held back: the agent's own contracts it would end (spec section 4). */
export type HeldAccept = { contract: Contract; undercut: UndercutContract[] };

const REQUESTS: Record<ContractAction, (id: number) => Promise<Contract>> = {
  accept: (id) => acceptContractRequest(id),
  reject: rejectContractRequest,
  terminate: terminateContractRequest,
  acknowledge: acknowledgeContractRequest,
};

/**
 * The answers to a contract, one at a time, as the contracts page and the contract pop-up give
 * them. An accept that would end the agent's own downline contracts above the new rate is held
 * (`held`) until the agent has seen them and confirms (`confirmUndercut`). After each answer
 * every contracts list and the pop-up's requests are asked again.
 */
export const useContractActions = (token: string) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ id: number; text: string } | null>(null);
  const [held, setHeld] = useState<HeldAccept | null>(null);

  const perform = async (contract: Contract, send: () => Promise<Contract>) => {
    setBusyId(contract.id);
    setFailure(null);
    try {
      await send();
      setHeld(null);
      void queryClient.invalidateQueries({ queryKey: contractsKey(token) });
      return true;
    } catch (caught) {
      if (isApiError(caught) && caught.code === 'CONTRACT_UNDERCUTS_DOWNLINES') {
        setHeld({ contract, undercut: caught.undercutContracts });
      } else {
        setFailure({ id: contract.id, text: failureText(t, caught) });
        // The contract may have changed under the agent (answered elsewhere): show it as it is.
        void queryClient.invalidateQueries({ queryKey: contractsKey(token) });
      }
      return false;
    } finally {
      setBusyId(null);
    }
  };

  return {
    busyId,
    failure,
    held,
    run: (action: ContractAction, contract: Contract) =>
      perform(contract, () => REQUESTS[action](contract.id)),
    confirmUndercut: () =>
      held ? perform(held.contract, () => acceptContractRequest(held.contract.id, true)) : null,
    cancelUndercut: () => setHeld(null),
  };
};
