import { MAX_PAGE_SIZE, PLATFORM_TENANT_ID } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import * as tenantApi from '../../../api/system/tenant';
import { rolesOf } from '../../../app/menu/routes';
import { useSession } from '../../../app/session/session-store';
import type { CrudOption } from '../../../crud';

/** The platform administrator's role alias (the server's PLATFORM_ADMIN_ALIAS). */
const PLATFORM_ADMIN_ALIAS = 'administrator';

/**
 * Whether the signed-in user is the platform administrator (of the platform tenant, with the
 * `administrator` role): the only one who deploys processes to other tenants.
 */
export function useIsPlatformAdmin(): boolean {
  return useSession(
    (state) =>
      state.userInfo?.tenant_id === PLATFORM_TENANT_ID &&
      rolesOf(state.userInfo.role_name).includes(PLATFORM_ADMIN_ALIAS),
  );
}

/** The tenants a deployment may go to (tenant/list is the platform administrator's only). */
export function useTenantOptions(enabled: boolean): { options: CrudOption[]; loading: boolean } {
  const query = useQuery({
    queryKey: ['tenant', 'flow-deploy-targets'],
    queryFn: async () =>
      (await tenantApi.list(1, MAX_PAGE_SIZE, {})).records.map((tenant): CrudOption => ({
        value: tenant.tenantId,
        label: `${tenant.tenantName} (${tenant.tenantId})`,
      })),
    enabled,
  });
  return { options: query.data ?? [], loading: enabled && query.isPending };
}
