import { USER_INFO_LIMITS, USER_LIMITS } from '../entities.js';
import { Type, type Static } from 'typebox';
import {
  AuditFieldsSchema,
  IdString,
  IntegerField,
  Nullable,
  OptionalText,
  RequiredText,
  SubmitId,
} from '../schema.js';

/** The user's own record: declared field by field, so nothing else (no hash: S5) can leave. */
export const UserInfoSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  code: Nullable(Type.String()),
  userType: Type.Integer(),
  account: Type.String(),
  name: Nullable(Type.String()),
  realName: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  birthday: Nullable(Type.String()),
  sex: Nullable(Type.Integer()),
  roleId: Nullable(Type.String()),
  deptId: Nullable(Type.String()),
  postId: Nullable(Type.String()),
  isLocked: Type.Integer(),
  /** 1: the password must be changed before anything else (a generated, reset or seeded one). */
  passwordChangeRequired: Type.Integer(),
});

/**
 * update-info, in the personal info form's order (avatar, realName, name, phone, email). Anything
 * else, an id above all, is dropped: the user is the one of the token. Phone digits and the email
 * form are checked by the service.
 */
export const UserInfoInputSchema = Type.Object(
  {
    avatar: OptionalText(USER_INFO_LIMITS.avatar, { label: 'user.avatar' }),
    realName: OptionalText(USER_INFO_LIMITS.realName, { label: 'user.realName' }),
    name: OptionalText(USER_INFO_LIMITS.name, { label: 'user.name' }),
    phone: OptionalText(USER_INFO_LIMITS.phone, { label: 'user.phone' }),
    email: OptionalText(USER_INFO_LIMITS.email, { label: 'user.email' }),
  },
  { additionalProperties: false },
);

/** The MD5 of a typed password, as at sign-in: 32 hex characters. */
const PasswordDigest = (label: string, required: string) =>
  Type.String({ pattern: '^[0-9a-fA-F]{32}$', 'x-label': label, 'x-required': required });

export const PasswordChangeSchema = Type.Object({
  oldPassword: PasswordDigest('user.oldPassword', 'user.oldPassword.required'),
  newPassword: PasswordDigest('user.newPassword', 'user.newPassword.required'),
  newPassword1: PasswordDigest('user.newPassword1', 'user.newPassword1.required'),
});

/**
 * A user of the user pages: the record plus the names of its roles, departments and posts, and its
 * sign-in lock (decision 0013): `isLocked` 1 while failed sign-ins keep the account locked, and
 * `lockedUntil` when that lock ends (null when there is none).
 */
export const UserSchema = Type.Object({
  ...UserInfoSchema.properties,
  roleName: Type.String(),
  deptName: Type.String(),
  postName: Type.String(),
  lockedUntil: Nullable(Type.String()),
});

export const UserPlatformSchema = Type.Object({
  ...UserSchema.properties,
  userExt: Nullable(Type.String()),
});

const IdListText = (label: string, required?: string) =>
  Type.String({
    minLength: 1,
    maxLength: USER_LIMITS.ids,
    pattern: '\\S',
    'x-label': label,
    ...(required ? { 'x-required': required } : {}),
  });

/** submit and update, in the form's order. The password is the MD5 of the typed one, as at sign-in. */
const userInputFields = {
  account: RequiredText(USER_LIMITS.account, { label: 'user.account', required: 'user.account.required' }),
  password: Type.Optional(
    Nullable(Type.Union([PasswordDigest('user.password', 'user.password.required'), Type.Literal('')])),
  ),
  password2: Type.Optional(
    Nullable(Type.Union([PasswordDigest('user.password2', 'user.password.required'), Type.Literal('')])),
  ),
  name: OptionalText(USER_LIMITS.name, { label: 'user.name' }),
  realName: OptionalText(USER_LIMITS.realName, { label: 'user.realName' }),
  avatar: OptionalText(USER_LIMITS.avatar, { label: 'user.avatar' }),
  email: OptionalText(USER_LIMITS.email, { label: 'user.email' }),
  phone: OptionalText(USER_LIMITS.phone, { label: 'user.phone' }),
  birthday: Type.Optional(
    Nullable(
      Type.Union([
        Type.String({
          pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?$',
          'x-label': 'user.birthday',
        }),
        Type.Literal(''),
      ]),
    ),
  ),
  sex: Type.Optional(Nullable(IntegerField({ label: 'user.sex' }, { minimum: 1, maximum: 3 }))),
  code: OptionalText(USER_LIMITS.code, { label: 'user.code' }),
  userType: Type.Optional(Nullable(IntegerField({ label: 'user.userType' }, { minimum: 1, maximum: 3 }))),
  roleId: IdListText('user.roleId', 'user.roleId.required'),
  deptId: IdListText('user.deptId', 'user.deptId.required'),
  postId: Type.Optional(Nullable(Type.Union([IdListText('user.postId'), Type.Literal('')]))),
  /**
   * On create: 1 makes the new user change the password the administrator chose at their first
   * sign-in (the console's add form sends 1 unless unticked); absent or 0 does not (BladeX consoles).
   */
  passwordChangeRequired: Type.Optional(
    Nullable(IntegerField({ label: 'user.passwordChangeRequired' }, { minimum: 0, maximum: 1 })),
  ),
};

export const UserInputSchema = Type.Object(
  { id: SubmitId, ...userInputFields },
  { additionalProperties: false },
);

/** update: the edit form; the id is required. */
export const UserUpdateSchema = Type.Object(
  { id: IdString, ...userInputFields },
  { additionalProperties: false },
);

const UserIds = Type.String({
  minLength: 1,
  maxLength: 20_000,
  'x-label': 'user.userIds',
  'x-required': 'user.userIds.required',
});

export const UserIdsQuery = Type.Object({ userIds: UserIds });

export const UserGrantQuery = Type.Object({
  userIds: UserIds,
  roleIds: Type.String({
    minLength: 1,
    maxLength: 20_000,
    'x-label': 'role.roleIds',
    'x-required': 'role.roleIds.required',
  }),
});

/** update-platform: query parameters in BladeX consoles (a JSON body works too). */
export const UpdatePlatformSchema = Type.Object({
  userId: IdString,
  userType: IntegerField({ label: 'user.userType' }, { minimum: 1, maximum: 3 }),
  userExt: OptionalText(USER_LIMITS.userExt, { label: 'user.userExt' }),
});

/**
 * The signed-in user's own record (`blade-user/info`, BladeX's User in camelCase). Never the
 * password or any hash (security S5). roleId, deptId and postId are comma-joined ids.
 */
export type UserInfo = Static<typeof UserInfoSchema>;

/**
 * user-list: a user of the caller's tenant as a picker offers them (an approver for a leave request):
 * names only, nothing of the account's security or contact details.
 */
export const UserOptionSchema = Type.Object({
  id: Type.String(),
  account: Type.String(),
  name: Nullable(Type.String()),
  realName: Nullable(Type.String()),
  deptId: Nullable(Type.String()),
});
export type UserOption = Static<typeof UserOptionSchema>;

/** What `blade-user/update-info` takes: the signed-in user's own details. */
export type UserInfoInput = Static<typeof UserInfoInputSchema>;
/** What `blade-user/update-password` takes (query parameters in BladeX). */
export type PasswordChange = Static<typeof PasswordChangeSchema>;
/**
 * A user as the user pages see it (BladeX's UserVO): the user's own record plus the names of the
 * roles, departments and posts it holds (comma-joined). Never a password (S5).
 */
export type User = Static<typeof UserSchema>;
/** `blade-user/platform-detail`: the user plus the settings of its platform (userType). */
export type UserPlatform = Static<typeof UserPlatformSchema>;
/** What `blade-user/submit` and `blade-user/update` take. */
export type UserInput = Static<typeof UserInputSchema>;

/**
 * One user's new password as `user/reset-password` answers it (a list, one per user): random,
 * shown once to whoever reset it, stored only as a hash.
 */
export const ResetPasswordSchema = Type.Object({
  userId: Type.String(),
  account: Type.String(),
  password: Type.String(),
});
export type ResetPassword = Static<typeof ResetPasswordSchema>;
