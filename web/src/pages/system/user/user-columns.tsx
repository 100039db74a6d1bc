import { USER_LIMITS, type User } from '@console/contract';
import { Space, Tag, type FormRule } from 'antd';
import * as postApi from '../../../api/system/post';
import * as roleApi from '../../../api/system/role';
import { optionsFromTree, type CrudColumn, type CrudOption, type TextKey } from '../../../crud';
import { i18n } from '../../../i18n';
import { PHONE_MESSAGES, phoneProblem } from '../../../utils/validate';
import { passwordPolicy } from '../../../api/user';
import { onLocalLogout } from '../../../app/session/session-store';
import { checkPassword, describeShortfall } from '../../../utils/password-policy';
import { DEPT_TREE_KEY, loadDeptTree } from '../dept/dept-tree';
import { DayInput, NodesSelect } from './controls';

/** A user as the dialog holds it: the record plus the passwords typed when adding. */
export type UserRow = User & { password?: string; password2?: string };

/** blade_user.status (server: USER_STATUS): registrations wait as pending until approved. */
export const USER_STATUS = { DISABLED: 0, ACTIVE: 1, PENDING: 2 } as const;

/**
 * The roles a user may be given, as a tree of choices: the form's and the grant dialog's. A key of
 * this page's own, so no other page's role query (of another shape) can answer it.
 */
export const ROLE_CHOICES_KEY = ['user', 'role-choices'] as const;
export const loadRoleChoices = async (): Promise<CrudOption[]> => optionsFromTree(await roleApi.tree());

// Rules translate when they run: the columns are a constant that follows the language.
const reject = (key: TextKey) => Promise.reject(new Error(i18n.t(key)));

/** The confirmation must repeat the password (checked on add, the only time passwords are typed). */
const confirmationRule: FormRule = ({ getFieldValue }) => ({
  validator: (_, value: unknown) =>
    !value || value === getFieldValue('password')
      ? Promise.resolve()
      : reject('system.user.passwordMismatch'),
});

/** The signed-in administrator's tenant's policy (the new user's tenant), read once per session. */
let policy: ReturnType<typeof passwordPolicy> | undefined;
onLocalLogout(() => (policy = undefined));

/**
 * The password an administrator chooses is held to the tenant's policy before it is hashed (the
 * server sees only the digest): the message says what is missing.
 */
const policyRule: FormRule = {
  validator: async (_, value: unknown) => {
    if (typeof value !== 'string' || value === '') return;
    policy ??= passwordPolicy().catch((error: unknown) => {
      policy = undefined;
      throw error;
    });
    const held = await policy;
    const shortfall = checkPassword(held, value);
    if (shortfall) throw new Error(describeShortfall(held, shortfall, i18n.t.bind(i18n) as typeof i18n.t));
  },
};

/** An optional phone: when given, 11 digits of a mobile number (spec §5, §9). */
const phoneRule: FormRule = {
  validator: (_, value: unknown) => {
    if (typeof value !== 'string' || value.trim() === '') return Promise.resolve();
    const problem = phoneProblem(value);
    return problem ? reject(PHONE_MESSAGES[problem]) : Promise.resolve();
  },
};

const emailRule: FormRule = {
  validator: (_, value: unknown) =>
    typeof value !== 'string' || value.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
      ? Promise.resolve()
      : reject('system.user.emailInvalid'),
};

const ADD_ONLY = { hideIn: ['edit', 'view'] } as const;

export const userColumns: CrudColumn<UserRow>[] = [
  {
    prop: 'account',
    label: 'system.user.account',
    search: true,
    table: { content: 'code' },
    form: { required: 'system.user.accountRequired', maxLength: USER_LIMITS.account },
  },
  {
    prop: 'password',
    label: 'system.user.password',
    type: 'password',
    table: false,
    form: { ...ADD_ONLY, required: 'system.user.passwordRequired', rules: [policyRule] },
  },
  {
    prop: 'password2',
    label: 'system.user.password2',
    type: 'password',
    table: false,
    form: { ...ADD_ONLY, required: 'system.user.password2Required', rules: [confirmationRule] },
  },
  {
    // The administrator chose the password, so by default the user replaces it at first sign-in.
    prop: 'passwordChangeRequired',
    label: 'system.user.passwordChangeRequired',
    type: 'radio',
    options: [
      { value: 1, label: 'system.user.yes' },
      { value: 0, label: 'system.user.no' },
    ],
    table: false,
    form: { ...ADD_ONLY, initialValue: 1, help: 'system.user.passwordChangeRequiredHelp' },
  },
  {
    prop: 'name',
    label: 'system.user.name',
    table: false,
    form: { maxLength: USER_LIMITS.name },
  },
  {
    prop: 'realName',
    label: 'system.user.realName',
    search: true,
    form: { maxLength: USER_LIMITS.realName },
  },
  {
    prop: 'roleId',
    label: 'system.user.roleId',
    type: 'treeSelect',
    multiple: true, // sent comma-joined
    remote: { queryKey: ROLE_CHOICES_KEY, load: loadRoleChoices },
    // The server names them (the role tree may not hold a role the caller cannot see).
    table: { render: (_, row) => row.roleName },
    form: {
      required: 'system.user.roleIdRequired',
      render: (context) => <NodesSelect context={context} label="system.user.roleId" />,
    },
  },
  {
    prop: 'deptId',
    label: 'system.user.deptId',
    type: 'treeSelect',
    multiple: true,
    remote: { queryKey: DEPT_TREE_KEY, load: loadDeptTree },
    table: { render: (_, row) => row.deptName },
    form: {
      required: 'system.user.deptIdRequired',
      render: (context) => <NodesSelect context={context} label="system.user.deptId" />,
    },
  },
  {
    prop: 'postId',
    label: 'system.user.postId',
    type: 'select',
    multiple: true,
    remote: {
      queryKey: ['user', 'post-choices'],
      load: async () => (await postApi.select()).map((post) => ({ value: post.id, label: post.postName })),
    },
    table: false,
  },
  {
    prop: 'phone',
    label: 'system.user.phone',
    table: { secondary: true, content: 'phone' },
    form: { rules: [phoneRule] },
  },
  {
    prop: 'email',
    label: 'system.user.email',
    table: false,
    form: { maxLength: USER_LIMITS.email, rules: [emailRule] },
  },
  {
    prop: 'sex',
    label: 'system.user.sex',
    dict: { code: 'sex', numeric: true },
    table: false,
  },
  {
    prop: 'birthday',
    label: 'system.user.birthday',
    table: false,
    form: { render: ({ disabled }) => <DayInput disabled={disabled} /> },
  },
  {
    prop: 'code',
    label: 'system.user.code',
    table: false,
    form: { maxLength: USER_LIMITS.code },
  },
  {
    prop: 'userType',
    label: 'system.user.userType',
    dict: { code: 'user_type', numeric: true },
    table: { secondary: true, content: 'tag' },
    form: { initialValue: 1 },
  },
  {
    prop: 'status',
    label: 'system.user.status',
    options: [
      { value: USER_STATUS.ACTIVE, label: 'system.user.statusName.active' },
      { value: USER_STATUS.PENDING, label: 'system.user.statusName.pending' },
      { value: USER_STATUS.DISABLED, label: 'system.user.statusName.disabled' },
    ],
    // Pending registrations are found by this filter, then approved from the toolbar.
    search: { op: 'equal' },
    table: {
      width: 140,
      render: (value, row, { labels, t }) => (
        <Space size={4} wrap>
          <Tag
            color={
              value === USER_STATUS.ACTIVE ? 'success' : value === USER_STATUS.PENDING ? 'warning' : 'default'
            }
          >
            {labels[0]}
          </Tag>
          {row.isLocked === 1 && (
            // Locked by failed sign-ins until lockedUntil (decision 0013): 解锁 lifts it sooner.
            <Tag color="error" title={t('system.user.lockedUntil', { time: row.lockedUntil ?? '' })}>
              {t('system.user.statusName.locked')}
            </Tag>
          )}
        </Space>
      ),
    },
    form: false,
  },
];
