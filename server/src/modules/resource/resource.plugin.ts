import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Cache } from '../../core/cache/index.js';
import { UPLOAD_TYPES_DEFAULT, type Config } from '../../core/config.js';
import { guardedAgents } from '../../core/outbound/agents.js';
import {
  DEFAULT_OUTBOUND_HOSTS,
  entriesForUrls,
  OutboundPolicy,
  parseOutboundEntry,
} from '../../core/outbound/policy.js';
import type { Store } from '../../core/repository/store.js';
import type { SecretBox } from '../../core/secret-box.js';
import type { LogWriter } from '../log/log-writer.js';
import { recordEvent } from '../log/request-logs.js';
import { attachRoutes } from './attach/attach.routes.js';
import { AttachService } from './attach/attach.service.js';
import { localFileRoutes } from './oss/local-files.routes.js';
import { ossRoutes } from './oss/oss.routes.js';
import { OssService } from './oss/oss.service.js';
import { UploadRate, type UploadRatePolicy } from './oss/upload-rate.js';
import { SMS_DEFAULT_ENDPOINTS } from './sms/sms-providers.js';
import { smsRoutes } from './sms/sms.routes.js';
import { SmsService } from './sms/sms.service.js';

export interface ResourceDependencies {
  config: Partial<
    Pick<Config, 'dataDir' | 'uploadMaxBytes' | 'uploadTypes' | 'outboundHosts' | 'smsEndpoints'>
  >;
  store: Store;
  cache: Cache;
  secrets: SecretBox;
  logWriter: LogWriter;
  /** Uploads per user per minute (default: upload-rate.ts; tests set their own). */
  uploadRate?: Partial<UploadRatePolicy>;
}

/**
 * The resource area (spec §7, "Resource"): object storage and uploads, attachments, SMS. Its calls
 * out go only where OUTBOUND_HOSTS allows (security S13; core/outbound/policy.ts).
 */
/** The resource area's services that other areas use. */
export interface ResourceServices {
  sms: SmsService;
}

export async function registerResource(
  app: FastifyInstance,
  deps: ResourceDependencies,
): Promise<ResourceServices> {
  const { config, store, secrets } = deps;
  const outbound = new OutboundPolicy(
    config.outboundHosts ?? DEFAULT_OUTBOUND_HOSTS.flatMap((entry) => parseOutboundEntry(entry)!),
  );
  const uploadsRoot = path.join(path.resolve(config.dataDir ?? './data'), 'uploads');
  const oss = new OssService({
    store,
    secrets,
    uploadsRoot,
    uploadTypes: config.uploadTypes ?? UPLOAD_TYPES_DEFAULT,
    outbound,
  });
  await app.register(ossRoutes, {
    prefix: '/api/blade-resource/oss',
    oss,
    uploadMaxBytes: config.uploadMaxBytes ?? 10 * 1024 * 1024,
    uploadRate: new UploadRate(deps.cache, deps.uploadRate),
  });
  await app.register(localFileRoutes, { uploadsRoot });
  await app.register(attachRoutes, {
    prefix: '/api/blade-resource/attach',
    attachments: new AttachService(store, oss, app.log),
  });

  // The SMS vendors' endpoints (SMS_ENDPOINTS, else the vendors' own) are the operator's, never a
  // tenant's: they count as listed; every connection is still checked on its resolved address.
  const smsAgents = guardedAgents(
    outbound.with(
      entriesForUrls(Object.values({ ...SMS_DEFAULT_ENDPOINTS, ...(config.smsEndpoints ?? {}) })),
    ),
  );
  app.addHook('onClose', async () => {
    smsAgents.httpAgent.destroy();
    smsAgents.httpsAgent.destroy();
  });
  const sms = new SmsService({
    store,
    secrets,
    cache: deps.cache,
    endpoints: config.smsEndpoints ?? {},
    agents: smsAgents,
    record: (actor, e) =>
      recordEvent(deps.logWriter, store.timeZone, {
        tenantId: actor.tenantId,
        account: (actor as { account?: string }).account ?? null,
        logId: 'sms',
        level: e.ok ? 'info' : 'warn',
        message: {
          key: e.ok ? 'sms.log.sent' : 'sms.log.failed',
          args: { smsCode: e.smsCode, phones: e.phones.join(','), detail: e.detail },
        },
        method: 'POST',
        requestUri: '/api/blade-resource/sms/endpoint/send-message',
        params: { smsCode: e.smsCode, category: e.category, phones: e.phones, paramKeys: e.paramKeys },
      }),
  });
  await app.register(smsRoutes, { prefix: '/api/blade-resource/sms', sms });
  return { sms };
}
