import { ApiOutlined } from '@ant-design/icons';
import type { DatasourceTestResult } from '@console/contract';
import { Alert, Button, Form } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as datasourceApi from '../../../api/develop/datasource';
import { RequestError } from '../../../api/request';
import type { CrudFormValues } from '../../../crud';
import { inputOf } from './input';
import type { TestedSettings } from './tested';

/** How the last test went: the server's answer, its refusal to try, or no answer at all. */
type Outcome =
  | { kind: 'answered'; result: DatasourceTestResult }
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable' };

export interface ConnectionTestProps {
  /** The Form.Item's id: on the block, so the button keeps its own text as its name. */
  id?: string;
  /** The stored data source being edited: an empty password then means its stored one. */
  recordId?: string;
  /** Where the outcome is kept, so that saving these settings need not test them again. */
  tested: TestedSettings;
}

/**
 * 测试连接 inside the add/edit dialog: checks the form, then has the server connect once with its
 * values as they stand (nothing is saved) and shows how it went beneath the button. A target the
 * server will not try (a host outside DATASOURCE_HOSTS, an SQLite path outside DATA_DIR, bad
 * input) is shown here too rather than as a passing message.
 */
export function ConnectionTest({ id, recordId, tested }: ConnectionTestProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<CrudFormValues>();
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const inFlight = useRef(false);

  const run = async () => {
    if (inFlight.current) return;
    try {
      await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    inFlight.current = true;
    setTesting(true);
    setOutcome(undefined);
    try {
      const input = inputOf(form.getFieldsValue(true) as CrudFormValues, recordId);
      const result = await datasourceApi.test(input, { quiet: true });
      tested.record(input, result.connected);
      setOutcome({ kind: 'answered', result });
    } catch (error) {
      setOutcome(
        error instanceof RequestError ? { kind: 'refused', message: error.message } : { kind: 'unreachable' },
      );
    } finally {
      inFlight.current = false;
      setTesting(false);
    }
  };

  return (
    <div id={id}>
      <Button icon={<ApiOutlined aria-hidden />} loading={testing} onClick={() => void run()}>
        {t('tool.datasource.test.action')}
      </Button>
      {outcome && (
        <div aria-live="polite" style={{ marginTop: 8 }}>
          <OutcomeAlert outcome={outcome} />
        </div>
      )}
    </div>
  );
}

function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  if (outcome.kind === 'unreachable') {
    return <Alert type="warning" showIcon title={t('tool.datasource.test.unreachable')} />;
  }
  if (outcome.kind === 'refused') {
    return (
      <Alert type="error" showIcon title={t('tool.datasource.test.refused')} description={outcome.message} />
    );
  }
  const { connected, millis, serverVersion, message } = outcome.result;
  return connected ? (
    <Alert
      type="success"
      showIcon
      title={t('tool.datasource.test.connected')}
      description={t('tool.datasource.test.connectedDetail', {
        millis,
        version: serverVersion ?? t('tool.datasource.test.unknownVersion'),
      })}
    />
  ) : (
    <Alert
      type="error"
      showIcon
      title={t('tool.datasource.test.failed')}
      description={t('tool.datasource.test.failedDetail', {
        millis,
        message: message ?? t('tool.datasource.test.unknownReason'),
      })}
    />
  );
}
