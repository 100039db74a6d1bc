import { PASSWORD_POLICY_DEFAULTS, type PasswordPolicy } from '@console/contract';
import { useEffect, useState } from 'react';
import { passwordPolicy, tenantPasswordPolicy } from '../../api/user';

// The policy a new password is checked against before it is hashed (utils/password-policy.ts). No
// query cache: the sign-in page's registration dialog and the forced change are outside the shell,
// and the policy is one small read per form.

/**
 * The password policy of the signed-in user's tenant, or, given a tenant code, that tenant's (the
 * public read). Undefined while it loads: forms wait for it before they submit.
 */
export function usePasswordPolicy(tenantId?: string): PasswordPolicy | undefined {
  const [loaded, setLoaded] = useState<{ key: string; policy: PasswordPolicy }>();
  const key = tenantId === undefined ? '' : tenantId.trim();
  const skip = tenantId !== undefined && key === '';
  useEffect(() => {
    if (skip) return;
    let current = true;
    const read = tenantId === undefined ? passwordPolicy() : tenantPasswordPolicy(key);
    // A read that fails (no server, too many reads) leaves the defaults to check against.
    read.then(
      (policy) => current && setLoaded({ key, policy }),
      () => current && setLoaded({ key, policy: { ...PASSWORD_POLICY_DEFAULTS } }),
    );
    return () => {
      current = false;
    };
  }, [key, skip, tenantId]);
  return loaded?.key === key ? loaded.policy : undefined;
}
