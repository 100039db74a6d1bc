import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { sendMessage } from '../../../api/resource/sms';
import { FormDialog } from '../../../crud';
import { paramsJson, phonesProblem, splitPhones, type ParamPair } from './send';

interface SendForm {
  phones: string;
  params?: ParamPair[];
}

/**
 * 发送测试: sends the setting's template to the typed phones (each 11 digits) with the template's
 * parameters as name/value pairs (sent as the JSON object `send-message` takes).
 */
export function SendTestDialog({ code, onClose }: { code: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  const send = async (values: SendForm) => {
    if (!code) return;
    // An answered failure (a bad number, too frequent, the vendor refused) has been shown.
    await sendMessage({
      code,
      phones: splitPhones(values.phones).join(','),
      params: paramsJson(values.params),
    });
    void message.success(t('resource.sms.sent'));
    onClose();
  };

  return (
    <FormDialog<SendForm>
      open={code !== undefined}
      name="sms-send"
      draft={code}
      title={t('resource.sms.sendTitle', { code })}
      width={520}
      okText={t('resource.sms.submit')}
      onSubmit={send}
      onClose={onClose}
    >
      <Form.Item
        name="phones"
        label={t('resource.sms.phones')}
        extra={t('resource.sms.phonesHelp')}
        required
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const problem = phonesProblem(splitPhones(value));
              if (!problem) return Promise.resolve();
              const text = t(problem.key);
              return Promise.reject(new Error(problem.phone ? `${problem.phone}: ${text}` : text));
            },
          },
        ]}
      >
        <Input inputMode="tel" autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('resource.sms.params')} style={{ marginBottom: 0 }}>
        <Form.List name="params">
          {(fields, { add, remove }) => (
            <>
              {fields.map(({ key, name }, index) => (
                <Flex key={key} gap={8} align="baseline">
                  <Form.Item
                    name={[name, 'key']}
                    style={{ flex: 1 }}
                    rules={[
                      { required: true, whitespace: true, message: t('resource.sms.paramKeyRequired') },
                    ]}
                  >
                    <Input
                      aria-label={`${t('resource.sms.paramKey')} ${index + 1}`}
                      placeholder={t('resource.sms.paramKey')}
                    />
                  </Form.Item>
                  <Form.Item name={[name, 'value']} style={{ flex: 1 }}>
                    <Input
                      aria-label={`${t('resource.sms.paramValue')} ${index + 1}`}
                      placeholder={t('resource.sms.paramValue')}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined aria-hidden />}
                    aria-label={`${t('resource.sms.paramRemove')} ${index + 1}`}
                    onClick={() => remove(name)}
                  />
                </Flex>
              ))}
              <Form.Item>
                <Button
                  type="dashed"
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => add({ key: '', value: '' })}
                >
                  {t('resource.sms.paramAdd')}
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
      </Form.Item>
    </FormDialog>
  );
}
