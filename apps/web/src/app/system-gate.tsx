import { useDeferredValue, useMemo } from 'react';
import { BlockedScreen } from '@/features/system/components/blocked-screen';
import { MaintenanceScreen } from '@/features/system/components/maintenance-screen';
import { useMerchant } from '@/features/system/api/get-merchant';
import { usePermission } from '@/features/system/api/get-permission';
import { useSystemStatus } from '@/features/system/api/get-system-status';
import { DEFAULT_TIME_ZONE } from '@/lib/time';
import { AppRouter } from './app-router';
import { BootCover } from './boot-cover';
import { BootDataContext } from './boot-data';
import { ConnectionError } from './layout/connection-error';
import { useBrand } from './use-brand';

/**
 * Boot (spec section 4, System status): the status decides between the maintenance screen
 * (1), the region-block screen (2) and the app (0). The brand and permission load alongside,
 * since all three screens use them.
 */
export const SystemGate = () => {
  const status = useSystemStatus();
  const merchant = useMerchant();
  const permission = usePermission();
  useBrand(merchant.data);

  const bootData = useMemo(
    () =>
      merchant.data && permission.data
        ? { merchant: merchant.data, permission: permission.data }
        : null,
    [merchant.data, permission.data],
  );
  // The app's first render is the largest of a visit: drawn from a deferred value, React renders
  // it in slices between which the browser stays responsive, instead of in one long task.
  const shownBootData = useDeferredValue(bootData);

  if (status.isPending) return <BootCover />;
  if (status.isError)
    return <ConnectionError error={status.error} onRetry={() => void status.refetch()} />;

  // The closed screens use the brand and permission when they arrive, and do without otherwise.
  const waitingForExtras = merchant.isPending || permission.isPending;
  switch (status.data.status) {
    case 1:
      if (waitingForExtras) return <BootCover />;
      return (
        <MaintenanceScreen
          brandName={merchant.data?.name}
          endsAt={status.data.maintenanceEndsAt ?? permission.data?.maintenance.endsAt ?? null}
          timeZone={merchant.data?.timeZone ?? DEFAULT_TIME_ZONE}
          customerService={permission.data?.customerService[0]}
        />
      );
    case 2:
      if (waitingForExtras) return <BootCover />;
      return <BlockedScreen brandName={merchant.data?.name} ip={status.data.ip} />;
    case 0: {
      if (shownBootData) {
        return (
          <BootDataContext value={shownBootData}>
            <AppRouter />
          </BootDataContext>
        );
      }
      const failed = merchant.error ?? permission.error;
      if (failed) {
        const retry = () => void Promise.all([merchant.refetch(), permission.refetch()]);
        return <ConnectionError error={failed} onRetry={retry} />;
      }
      return <BootCover />;
    }
  }
};
