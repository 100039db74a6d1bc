import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RequestError } from '../../api/request';
import { select as selectDepts } from '../../api/system/dept';
import { select as selectRoles } from '../../api/system/role';
import { refreshSession } from '../session/session-actions';

interface SwitchForm {
  deptId: string;
  roleId: string;
}

interface SwitchDeptRoleDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Switch mode (spec §6): the user picks a department and a role, the token is refreshed for them,
 * and the console starts again from /. Shown only when website.switchMode is on.
 */
export function SwitchDeptRoleDialog({ open, onClose }: SwitchDeptRoleDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<SwitchForm>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  // Fetched each time the dialog opens: the lists belong to the signed-in user.
  const depts = useQuery({ queryKey: ['dept', 'select'], queryFn: () => selectDepts(), enabled: open });
  const roles = useQuery({ queryKey: ['role', 'select'], queryFn: () => selectRoles(), enabled: open });

  const onFinish = async (values: SwitchForm) => {
    setSubmitting(true);
    setError(undefined);
    try {
      await refreshSession(values);
      onClose();
      await navigate('/');
    } catch (failure) {
      setError(failure instanceof RequestError ? failure.message : t('request.unreachable'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('switchDeptRole.title')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit' }}
      confirmLoading={submitting}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<SwitchForm>
          form={form}
          name="switch-dept-role"
          layout="vertical"
          onFinish={(values) => void onFinish(values)}
          clearOnDestroy
        >
          {dialog}
        </Form>
      )}
    >
      <Form.Item
        name="deptId"
        label={t('switchDeptRole.dept')}
        rules={[{ required: true, message: t('switchDeptRole.deptRequired') }]}
      >
        <Select
          loading={depts.isFetching}
          options={depts.data?.map((dept) => ({ value: dept.id, label: dept.deptName }))}
        />
      </Form.Item>
      <Form.Item
        name="roleId"
        label={t('switchDeptRole.role')}
        rules={[{ required: true, message: t('switchDeptRole.roleRequired') }]}
      >
        <Select
          loading={roles.isFetching}
          options={roles.data?.map((role) => ({ value: role.id, label: role.roleName }))}
        />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
