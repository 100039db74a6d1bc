import { createHash } from 'node:crypto';
import { ROOT_PARENT_ID, USER_TYPE } from '@console/contract';
import { inTransaction, type Actor, type Store } from '../../core/repository/store.js';
import { isWorkMenu, LEAVE_MANAGER_ALIAS } from '../../db/seed/leave-process.js';
import { hashPassword } from '../../db/seed/seed.js';
import { MenuRepository } from '../system/menu/menu.repository.js';
import { RoleGrantRepository } from '../system/role/role-grant.repository.js';
import { RoleRepository } from '../system/role/role.repository.js';
import { checkAccountLimit } from '../system/tenant/account-limit.js';
import { passwordPolicy, recordPassword, refuseCommonPassword } from '../user/password-rules.js';
import { policyPassword } from '../user/user-admin.service.js';
import { UserRepository } from '../user/user.repository.js';

// `npm run demo`: the people the leave process needs besides the applicant (issue 45): someone to
// choose as the approver (the model's `${taskUser}`, any user who has the 我的事务 pages) and a
// manager (its `role:manager` candidate group) for a leave of more than three days. Their
// passwords are generated to the tenant's policy, answered once for the demo to print, stored only
// as hashes, and must be changed at the first sign-in, as a reset password must (operations.md
// "Passwords"). A person whose account is there already is left as it is.

/** The role of the demo's approver: 我的事务 only (any user with it can be chosen as the approver). */
export const DEMO_STAFF_ALIAS = 'staff';

const PEOPLE = [
  { account: 'demo_approver', realName: '张审批', role: { alias: DEMO_STAFF_ALIAS, name: '员工', sort: 4 } },
  {
    account: 'demo_manager',
    realName: '李经理',
    role: { alias: LEAVE_MANAGER_ALIAS, name: '经理', sort: 3 },
  },
] as const;

export interface DemoPerson {
  account: string;
  realName: string;
  roleAlias: string;
  /** The generated password, in clear: shown once, to be changed at the first sign-in. */
  password: string;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Adds the demo's approver and manager to the actor's tenant (and department); answers those added. */
export async function addDemoPeople(store: Store, actor: Actor & { deptId: string }): Promise<DemoPerson[]> {
  const policy = await passwordPolicy(store, actor.tenantId);
  const added: DemoPerson[] = [];
  for (const person of PEOPLE) {
    if (await new UserRepository(store).findCredentials(actor, person.account)) continue;
    const password = policyPassword(policy);
    refuseCommonPassword(md5(password));
    const hash = await hashPassword(md5(password));
    await inTransaction(store, async (tx) => {
      const roleId = await workRole(tx, actor, person.role);
      await checkAccountLimit(tx, actor.tenantId);
      const users = new UserRepository(tx);
      const userId = await users.insert(actor, {
        account: person.account,
        realName: person.realName,
        name: person.realName,
        roleId,
        deptId: actor.deptId,
        userType: USER_TYPE.WEB,
        password: hash,
        passwordChangeRequired: 1,
      } as Parameters<UserRepository['insert']>[1]);
      await recordPassword(tx, actor.tenantId, userId, hash, new Date());
    });
    added.push({
      account: person.account,
      realName: person.realName,
      roleAlias: person.role.alias,
      password,
    });
  }
  return added;
}

/** The tenant's role of the alias (the first, if several), or a new one granted the 我的事务 pages. */
async function workRole(
  tx: Store,
  actor: Actor,
  role: { alias: string; name: string; sort: number },
): Promise<string> {
  const roles = new RoleRepository(tx);
  const [existing] = await roles.idsWithAlias(actor, role.alias);
  if (existing) return existing;
  const roleId = await roles.insert(actor, {
    roleName: role.name,
    roleAlias: role.alias,
    sort: role.sort,
    parentId: ROOT_PARENT_ID,
  });
  const work = (await new MenuRepository(tx).findAll()).filter((menu) => isWorkMenu(menu.code));
  await new RoleGrantRepository(tx).replaceMenus(
    [roleId],
    work.map((menu) => menu.id),
  );
  return roleId;
}
