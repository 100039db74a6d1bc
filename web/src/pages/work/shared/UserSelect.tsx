import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useSession } from '../../../app/session/session-store';
import { userList } from '../../../api/system/user-list';
import { userLabel, userMatches } from '../leave/leave-logic';

/** The same query as the leave form's approver picker: the tenant's active users, names only. */
const USERS_KEY = ['work', 'user-list'] as const;

export interface UserSelectProps {
  id?: string;
  value?: string | string[];
  onChange?: (value: string | string[]) => void;
  /** Several users (抄送); one otherwise (转办, 委派). */
  multiple?: boolean;
  placeholder?: string;
  /** Users not to offer besides the caller (the task's assignee). */
  exclude?: readonly (string | null | undefined)[];
  /** Offer the caller too (a hospital's maintainer, a repair order's: the caller may be the one). */
  offerSelf?: boolean;
  disabled?: boolean;
  'aria-required'?: boolean;
}

/**
 * A user of the caller's tenant, searched by name or account: the caller is not offered (nobody
 * transfers, delegates or copies to themselves; the server refuses it too) unless `offerSelf`.
 */
export function UserSelect({ multiple, exclude = [], offerSelf = false, ...props }: UserSelectProps) {
  const users = useQuery({ queryKey: USERS_KEY, queryFn: userList, staleTime: 5 * 60_000 });
  const selfId = useSession((state) => state.userInfo?.user_id);
  const options = useMemo(
    () =>
      (users.data ?? [])
        .filter((user) => (offerSelf || user.id !== selfId) && !exclude.includes(user.id))
        .map((user) => ({ value: user.id, label: userLabel(user), user })),
    [users.data, selfId, exclude, offerSelf],
  );
  return (
    <Select
      {...props}
      mode={multiple ? 'multiple' : undefined}
      options={options}
      loading={users.isPending}
      showSearch={{ filterOption: (input, option) => (option ? userMatches(option.user, input) : false) }}
      allowClear
    />
  );
}
