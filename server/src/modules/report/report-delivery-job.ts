import { ReportFilterValuesSchema } from '@console/contract/schema';
import { Type, type Static } from 'typebox';
import { formatDateTime } from '../../core/dates.js';
import { ApiError } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import type { JobHandler } from '../../core/jobs/job-handlers.js';
import type { Workbooks } from '../../core/workbook/workbooks.js';
import type { MessageService } from '../desk/message/message.service.js';
import { reportXlsx } from './report-export.js';
import type { ReportService } from './report.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const Params = Type.Object(
  {
    reportId: Type.String({ pattern: '^[0-9]{1,19}$', description: '报表的 id（报表管理）' }),
    values: Type.Optional(ReportFilterValuesSchema),
    language: Type.Optional(Type.Union([Type.Literal('zh'), Type.Literal('en')])),
  },
  { additionalProperties: false },
);

/**
 * 报表投递 (issue 49): a stored report, run as the job's owner (their roles and data scopes, while
 * they hold 报表查看), written as .xlsx (the export's rules: at most 50,000 rows, money in yuan) and
 * delivered into the owner's messages as the message's file. `values` are the report's filter
 * values, as its page takes them; `language` names the columns (zh by default).
 */
export function reportDeliveryJob(deps: {
  reports: Pick<ReportService, 'exportTable'>;
  workbooks: Workbooks;
  messages: Pick<MessageService, 'sendFile'>;
  timeZone: string;
}): JobHandler<Static<typeof Params>> {
  return {
    name: 'report-delivery',
    scope: 'tenant',
    title: '把报表以 Excel 发到任务创建人的消息',
    stoppable: true,
    params: Params,
    async run({ actor, owner, jobName, params, signal }) {
      const reader = await owner('report_list_view');
      const language = params.language ?? 'zh';
      const table = await deps.reports
        .exportTable(reader, params.reportId, params.values, language)
        .catch((error: unknown) => {
          // The refusal as its user would read it (the run's output), not its key.
          if (error instanceof ApiError) throw new Error(translate(language, error.messageKey, error.params));
          throw error;
        });
      const content = await reportXlsx(deps.workbooks, table, signal);
      const time = formatDateTime(new Date(), deps.timeZone);
      const file = `${table.title}-${time.replace(/[-: ]/g, '').slice(0, 12)}.xlsx`;
      await deps.messages.sendFile(
        actor,
        reader.userId,
        {
          kind: 'system',
          title: translate(language, 'report.delivered.title', { name: table.title }),
          body: translate(language, 'report.delivered.body', { job: jobName, time, file }),
          link: null,
        },
        { name: file, contentType: XLSX, content },
      );
      return `${file} (${content.length} bytes) to ${reader.account}`;
    },
  };
}
