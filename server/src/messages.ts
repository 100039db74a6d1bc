// Every module's messages, added to the shared catalogue (core/i18n.ts) by the composition root: core
// knows no feature, and a module's keys are message keys wherever this file is compiled with it.
// Imported for its effect by app.ts and by whatever translates without the app (tests, tools).
import { addMessages } from './core/i18n.js';
import { hospitalMessages } from './modules/business/hospital/hospital.messages.js';
import { machineMessages } from './modules/business/machine/machine.messages.js';
import { slotMessages } from './modules/business/slot/slot.messages.js';
import { apkMessages } from './modules/business/apk/apk.messages.js';
import { refundMessages } from './modules/business/refund/refund.messages.js';
import { commandMessages } from './modules/business/command/command.messages.js';
import { rolloutMessages } from './modules/business/rollout/rollout.messages.js';
import { alertMessages } from './modules/business/alert/alert.messages.js';
import { deviceMessages } from './modules/business/device/device.messages.js';
import { sheetMessages } from './modules/business/sheets/sheet.messages.js';
import { authMessages } from './modules/auth/auth.messages.js';
import { messageMessages } from './modules/desk/message/message.messages.js';
import { noticeMessages } from './modules/desk/notice/notice.messages.js';
import { logMessages } from './modules/log/log.messages.js';
import { attachMessages } from './modules/resource/attach/attach.messages.js';
import { ossMessages } from './modules/resource/oss/oss.messages.js';
import { smsMessages } from './modules/resource/sms/sms.messages.js';
import { clientMessages } from './modules/system/client/client.messages.js';
import { deptMessages } from './modules/system/dept/dept.messages.js';
import { dictMessages } from './modules/system/dict/dict.messages.js';
import { menuMessages } from './modules/system/menu/menu.messages.js';
import { jobMessages } from './modules/system/job/job.messages.js';
import { onlineMessages } from './modules/system/online/online.messages.js';
import { postMessages } from './modules/system/post/post.messages.js';
import { reportMessages } from './modules/report/report.messages.js';
import { flowMessages } from './modules/flow/flow.messages.js';
import { formMessages } from './modules/flow/form/form.messages.js';
import { datasourceMessages } from './modules/develop/datasource/datasource.messages.js';
import { codeMessages } from './modules/develop/code/code.messages.js';
import { regionMessages } from './modules/system/region/region.messages.js';
import { roleMessages } from './modules/system/role/role.messages.js';
import { scopeMessages } from './modules/system/scope/scope.messages.js';
import { tenantPackageMessages } from './modules/system/tenant-package/tenant-package.messages.js';
import { tenantMessages } from './modules/system/tenant/tenant.messages.js';
import { totpMessages } from './modules/user/totp/totp.messages.js';
import { userMessages } from './modules/user/user.messages.js';

const zh = {
  ...hospitalMessages.zh,
  ...machineMessages.zh,
  ...slotMessages.zh,
  ...apkMessages.zh,
  ...refundMessages.zh,
  ...deviceMessages.zh,
  ...commandMessages.zh,
  ...rolloutMessages.zh,
  ...alertMessages.zh,
  ...sheetMessages.zh,
  ...authMessages.zh,
  ...noticeMessages.zh,
  ...messageMessages.zh,
  ...logMessages.zh,
  ...attachMessages.zh,
  ...ossMessages.zh,
  ...smsMessages.zh,
  ...clientMessages.zh,
  ...deptMessages.zh,
  ...dictMessages.zh,
  ...menuMessages.zh,
  ...onlineMessages.zh,
  ...jobMessages.zh,
  ...postMessages.zh,
  ...reportMessages.zh,
  ...flowMessages.zh,
  ...formMessages.zh,
  ...datasourceMessages.zh,
  ...codeMessages.zh,
  ...regionMessages.zh,
  ...roleMessages.zh,
  ...scopeMessages.zh,
  ...tenantPackageMessages.zh,
  ...tenantMessages.zh,
  ...userMessages.zh,
  ...totpMessages.zh,
} as const;

const en: Record<keyof typeof zh, string> = {
  ...hospitalMessages.en,
  ...machineMessages.en,
  ...slotMessages.en,
  ...apkMessages.en,
  ...refundMessages.en,
  ...deviceMessages.en,
  ...commandMessages.en,
  ...rolloutMessages.en,
  ...alertMessages.en,
  ...sheetMessages.en,
  ...authMessages.en,
  ...noticeMessages.en,
  ...messageMessages.en,
  ...logMessages.en,
  ...attachMessages.en,
  ...ossMessages.en,
  ...smsMessages.en,
  ...clientMessages.en,
  ...deptMessages.en,
  ...dictMessages.en,
  ...menuMessages.en,
  ...onlineMessages.en,
  ...jobMessages.en,
  ...postMessages.en,
  ...reportMessages.en,
  ...flowMessages.en,
  ...formMessages.en,
  ...datasourceMessages.en,
  ...codeMessages.en,
  ...regionMessages.en,
  ...roleMessages.en,
  ...scopeMessages.en,
  ...tenantPackageMessages.en,
  ...tenantMessages.en,
  ...userMessages.en,
  ...totpMessages.en,
};

type ModuleMessages = typeof zh;

declare module './core/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the modules' keys join the shared ones
  interface Messages extends ModuleMessages {}
}

addMessages({ zh, en });
