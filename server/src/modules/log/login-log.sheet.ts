import { translate } from '../../core/i18n.js';
import type { SheetColumn } from '../../core/workbook/sheet-columns.js';
import type { StoredLogin } from './login-log.service.js';

/** The login log's export: the page's columns and the rest of the detail, outcomes in words. */
export const LOGIN_COLUMNS: SheetColumn<StoredLogin>[] = [
  { header: 'log.login.createTime', width: 20, value: (r) => r.createTime },
  { header: 'log.login.tenantId', width: 10, value: (r) => r.tenantId },
  { header: 'log.login.account', value: (r) => r.account },
  {
    header: 'log.login.outcome',
    width: 22,
    value: (r, language) => translate(language, `log.login.outcome.${r.outcome}`),
  },
  { header: 'log.login.ip', value: (r) => r.ip },
  { header: 'log.login.browser', value: (r) => r.browser },
  { header: 'log.login.os', value: (r) => r.os },
  { header: 'log.login.grantType', width: 14, value: (r) => r.grantType },
  { header: 'log.login.clientId', width: 12, value: (r) => r.clientId },
  { header: 'log.login.userAgent', width: 60, value: (r) => r.userAgent },
];
