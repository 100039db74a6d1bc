import { CloudUploadOutlined, InboxOutlined } from '@ant-design/icons';
import { FLOW_LIMITS } from '@console/contract/flow';
import {
  App,
  Button,
  Card,
  ConfigProvider,
  Form,
  Typography,
  Upload,
  type UploadFile,
  type UploadProps,
} from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as managerApi from '../../../api/flow/manager';
import { RequestError } from '../../../api/request';
import { useHasPermission } from '../../../app/menu/permission-store';
import { deployedSummary } from '../shared/deployed';
import { DeployTargetFields, type DeployTargetValues } from '../shared/DeployTargetFields';
import { fileProblem, formatBytes } from './files';
import './locales';
import '../shared/locales';

interface DeployForm extends DeployTargetValues {
  files?: UploadFile[];
}

const MAX_SIZE = formatBytes(FLOW_LIMITS.uploadBytes);

/**
 * 流程部署 (manager/deploy-upload): BPMN files uploaded with the process type they are filed under
 * and, for the platform administrator, the tenants they go to. Each file becomes a new version of
 * its process; the files are checked here (type, size, count) before anything is sent, and the
 * server parses every one before deploying any.
 */
export default function DeployPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DeployForm>();
  const canUpload = useHasPermission('flow_deploy_upload');
  const pageRef = useRef<HTMLElement>(null);
  const getContainer = useCallback(() => pageRef.current ?? document.body, []);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  // A file that cannot be deployed is left out of the list, and said why.
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = fileProblem(file);
    if (!problem) return false; // kept in the list, sent with the form
    void message.error(t(`flow.deploy.${problem}`, { name: file.name, size: MAX_SIZE }));
    return Upload.LIST_IGNORE;
  };

  const deploy = async (values: DeployForm) => {
    if (inFlight.current) return;
    const files = (values.files ?? []).flatMap((file) => (file.originFileObj ? [file.originFileObj] : []));
    inFlight.current = true;
    setSending(true);
    try {
      const definitions = await managerApi.deployUpload(files, values.category ?? '', values.tenantIds);
      void message.success(t('flow.shared.deployed', { definitions: deployedSummary(definitions) }));
      form.resetFields();
    } catch (error) {
      // A refusal (a file the engine cannot read, a tenant) was shown by the request layer.
      if (!(error instanceof RequestError)) void message.error(t('request.unreachable'));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const submitText = t('flow.deploy.submit');
  return (
    <ConfigProvider getPopupContainer={getContainer}>
      <section ref={pageRef} aria-label={t('flow.deploy.title')} style={{ position: 'relative' }}>
        <Card title={t('flow.deploy.title')}>
          <Typography.Paragraph type="secondary">{t('flow.deploy.intro')}</Typography.Paragraph>
          <Form<DeployForm>
            form={form}
            name="flow-deploy"
            layout="vertical"
            style={{ maxWidth: 720 }}
            initialValues={{ tenantIds: [], files: [] }}
            onFinish={(values) => void deploy(values)}
          >
            <DeployTargetFields categoryRequired />
            <Form.Item
              name="files"
              label={t('flow.deploy.files')}
              valuePropName="fileList"
              getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList}
              extra={t('flow.deploy.filesHelp', { count: FLOW_LIMITS.uploadFiles, size: MAX_SIZE })}
              rules={[
                { required: true, type: 'array', message: t('flow.deploy.filesRequired') },
                {
                  validator: (_, files: UploadFile[] | undefined) =>
                    (files?.length ?? 0) > FLOW_LIMITS.uploadFiles
                      ? Promise.reject(
                          new Error(t('flow.deploy.tooMany', { count: FLOW_LIMITS.uploadFiles })),
                        )
                      : Promise.resolve(),
                },
              ]}
            >
              <Upload.Dragger accept=".bpmn,.xml" multiple beforeUpload={beforeUpload} disabled={sending}>
                <p className="ant-upload-drag-icon">
                  <InboxOutlined aria-hidden />
                </p>
                <p className="ant-upload-text">{t('flow.deploy.filesHint')}</p>
              </Upload.Dragger>
            </Form.Item>
            {canUpload && (
              <Button
                type="primary"
                htmlType="submit"
                icon={<CloudUploadOutlined aria-hidden />}
                aria-label={submitText}
                loading={sending}
              >
                {submitText}
              </Button>
            )}
          </Form>
        </Card>
      </section>
    </ConfigProvider>
  );
}
