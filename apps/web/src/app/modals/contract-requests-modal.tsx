import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal/modal';
import { Spinner } from '@/components/ui/spinner';
import { contractRequestsQuery } from '@/features/agents/api/get-contract-requests';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { lazyNamed } from '@/lib/lazy-named';
import { useBootData } from '../boot-data';

/* The pop-up's content is a lazy chunk: every page asks whether a request waits, few show one. */
const ContractRequests = lazyNamed(
  () => import('@/features/agents/components/contract-requests'),
  'ContractRequests',
);

/**
 * The contract pop-up (spec section 2, "contract (logged in only)"; section 4): for a signed-in
 * agent, in every layout, open while an offer or an ending waits for its answer. 'Later' hides
 * it until the agent signs in again or a new request comes.
 */
export const ContractRequestsModal = () => {
  const { t } = useTranslation();
  const auth = useAuth();
  const { merchant } = useBootData();
  const token = auth.isAgent && auth.token && !auth.passwordChangeRequired ? auth.token : null;
  const requests = useQuery({ ...contractRequestsQuery(token ?? ''), enabled: token !== null });
  const waiting = requests.data?.requests ?? [];
  const [laterFor, setLaterFor] = useState<string | null>(null);
  const signature = waiting.map(({ type, contract }) => `${type}:${contract.id}`).join(',');

  return (
    <Modal
      name="contractModal"
      open={token !== null && waiting.length > 0 && laterFor !== signature}
      title={t('agentCentre.requests.title')}
      closable
      closeLabel={t('agentCentre.requests.later')}
      onClose={() => setLaterFor(signature)}
      size="lg"
    >
      {token !== null && (
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <ContractRequests token={token} requests={waiting} currency={merchant} />
        </Suspense>
      )}
    </Modal>
  );
};
