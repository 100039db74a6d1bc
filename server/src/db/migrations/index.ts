import type { Migration, MigrationProvider } from 'kysely';
import * as coreTables from './0001-core-tables.js';
import * as signIn from './0002-sign-in.js';
import * as socialIdentities from './0003-social-identities.js';
import * as menusAndPackages from './0004-menus-and-packages.js';
import * as identityAndAccess from './0005-identity-and-access.js';
import * as tenancyAndReferenceData from './0006-tenancy-and-reference-data.js';
import * as resourcesNoticesLogs from './0007-resources-notices-logs.js';
import * as paramVisibility from './0008-param-visibility.js';
import * as signInLockout from './0009-sign-in-lockout.js';
import * as business from './0010-business.js';
import * as workflow from './0011-workflow.js';
import * as develop from './0012-develop.js';
import * as tenantKeys from './0013-tenant-keys.js';
import * as report from './0014-report.js';
import * as largeLists from './0015-large-lists.js';
import * as passwordPolicy from './0016-password-policy.js';
import * as uploadQuotaAndOrderNumbers from './0017-upload-quota-and-order-numbers.js';
import * as workLists from './0018-work-lists.js';
import * as messages from './0019-messages.js';
import * as noticeAudience from './0020-notice-audience.js';
import * as messageRetention from './0021-message-retention.js';
import * as sessionsAndSignIns from './0022-sessions-and-sign-ins.js';
import * as secondFactor from './0023-second-factor.js';
import * as jobs from './0024-jobs.js';
import * as messageFiles from './0025-message-files.js';
import * as machineConnections from './0026-machine-connections.js';
import * as machineCommands from './0027-machine-commands.js';
import * as rollouts from './0028-rollouts.js';
import * as alerts from './0029-alerts.js';
import * as taskActions from './0030-task-actions.js';
import * as flowForms from './0031-flow-forms.js';
import * as waitingCommands from './0032-waiting-commands.js';
import * as flowFormBinding from './0033-flow-form-binding.js';
import * as apiDocsMenu from './0034-api-docs-menu.js';
import * as exportButtons from './0035-export-buttons.js';
import * as moreExportButtons from './0036-more-export-buttons.js';
import * as machineRepair from './0037-machine-repair.js';
import * as regionAndMessageExport from './0038-region-and-message-export.js';

// Migrations are imported, not read from a folder, so the same list runs from src/ and dist/.
// Append new ones; never edit or reorder one that has shipped.
const migrations: Record<string, Migration> = {
  '0001-core-tables': coreTables,
  '0002-sign-in': signIn,
  '0003-social-identities': socialIdentities,
  '0004-menus-and-packages': menusAndPackages,
  '0005-identity-and-access': identityAndAccess,
  '0006-tenancy-and-reference-data': tenancyAndReferenceData,
  '0007-resources-notices-logs': resourcesNoticesLogs,
  '0008-param-visibility': paramVisibility,
  '0009-sign-in-lockout': signInLockout,
  '0010-business': business,
  '0011-workflow': workflow,
  '0012-develop': develop,
  '0013-tenant-keys': tenantKeys,
  '0014-report': report,
  '0015-large-lists': largeLists,
  '0016-password-policy': passwordPolicy,
  '0017-upload-quota-and-order-numbers': uploadQuotaAndOrderNumbers,
  '0018-work-lists': workLists,
  '0019-messages': messages,
  '0020-notice-audience': noticeAudience,
  '0021-message-retention': messageRetention,
  '0022-sessions-and-sign-ins': sessionsAndSignIns,
  '0023-second-factor': secondFactor,
  '0024-jobs': jobs,
  '0025-message-files': messageFiles,
  '0026-machine-connections': machineConnections,
  '0027-machine-commands': machineCommands,
  '0028-rollouts': rollouts,
  '0029-alerts': alerts,
  '0030-task-actions': taskActions,
  '0031-flow-forms': flowForms,
  '0032-waiting-commands': waitingCommands,
  '0033-flow-form-binding': flowFormBinding,
  '0034-api-docs-menu': apiDocsMenu,
  '0035-export-buttons': exportButtons,
  '0036-more-export-buttons': moreExportButtons,
  '0037-machine-repair': machineRepair,
  '0038-region-and-message-export': regionAndMessageExport,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
