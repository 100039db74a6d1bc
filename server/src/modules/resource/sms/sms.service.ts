import { SMS_CATEGORY, type Sms, type SmsInput } from '@console/contract';
import type { Cache } from '../../../core/cache/index.js';
import type { SmsVendor } from '../../../core/config.js';
import { ApiError, badRequest } from '../../../core/errors.js';

import { type Actor, type Store } from '../../../core/repository/store.js';
import type { SecretBox } from '../../../core/secret-box.js';
import { sendSms, type SmsAgents, type SmsResult } from './sms-providers.js';
import { ProviderSettingsService, text } from '../provider-settings/provider-settings.service.js';
import { SmsRepository, smsTable } from './sms.repository.js';

export interface SmsServiceDependencies {
  store: Store;
  secrets: SecretBox;
  cache: Cache;
  endpoints: Partial<Record<SmsVendor, string>>;
  /** Agents that connect only where the outbound policy allows (OUTBOUND_HOSTS and SMS_ENDPOINTS). */
  agents: SmsAgents;
  /** Every send, sent or not (the usual log). */
  record(
    actor: Actor,
    entry: {
      smsCode: string;
      category: number;
      phones: string[];
      ok: boolean;
      detail: string;
      paramKeys: string[];
    },
  ): void;
}

/** One message per phone per minute, across every server process (the shared cache). */
export const SMS_RATE_SECONDS = 60;
const MAX_PHONES = 100;
const PHONE = /^\d{11}$/;

const rateKey = (tenantId: string, phone: string) => `sms:rate:${tenantId}:${phone}`;

export interface SendRequest {
  code?: string;
  phones?: string;
  params?: string;
}

export class SmsService extends ProviderSettingsService<Sms, SmsInput, 'blade_sms', SmsRepository> {
  constructor(private readonly deps: SmsServiceDependencies) {
    super(deps.store, smsTable, (s) => new SmsRepository(s), deps.secrets);
  }

  /**
   * Creates without an id, updates with one. A vendor needs a template, keys (the secret kept when
   * an update leaves it empty, stored sealed and never answered); Aliyun and Tencent a signature
   * name, Tencent its SDK app id. The log provider needs nothing.
   */
  async submit(actor: Actor, input: SmsInput): Promise<Sms> {
    if (!(Object.values(SMS_CATEGORY) as number[]).includes(input.category))
      throw badRequest('sms.category.invalid');
    const id = input.id || undefined;
    const existing = await this.existing(actor, id);
    const values = {
      category: input.category,
      smsCode: input.smsCode.trim(),
      templateId: text(input.templateId),
      accessKey: text(input.accessKey),
      regionId: text(input.regionId),
      appId: text(input.appId),
      signName: text(input.signName),
      remark: text(input.remark),
      ...this.sealedSecret(input.secretKey),
    };
    const c = values.category;
    if (c !== SMS_CATEGORY.LOG) {
      if (!values.templateId) throw badRequest('sms.templateId.required');
      if (!values.secretKey && !existing?.sealedSecretKey) throw badRequest('sms.secretKey.required');
      if (c !== SMS_CATEGORY.YUNPIAN && !values.accessKey) throw badRequest('sms.accessKey.required');
      if ((c === SMS_CATEGORY.ALI || c === SMS_CATEGORY.TENCENT) && !values.signName)
        throw badRequest('sms.signName.required');
      if (c === SMS_CATEGORY.TENCENT && !values.appId) throw badRequest('sms.appId.required');
    }
    return this.save(this.repository, actor, id, values);
  }

  /**
   * `endpoint/send-message`: the record named by `code` (else the enabled one) sends the template
   * with `params` (a JSON object) to `phones` (comma-joined, 11 digits each), at most one message
   * per phone per minute. Every send is recorded, sent or not.
   */
  async send(actor: Actor, request: SendRequest): Promise<void> {
    const phones = [
      ...new Set(
        (request.phones ?? '')
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      ),
    ];
    if (phones.length === 0) throw badRequest('sms.phones.required');
    if (phones.length > MAX_PHONES) throw badRequest('sms.phones.tooMany', { max: MAX_PHONES });
    const bad = phones.find((p) => !PHONE.test(p));
    if (bad !== undefined) throw badRequest('sms.phone.invalid', { phone: bad });
    const params = parseParams(request.params);

    const code = request.code?.trim();
    const record = code
      ? await this.repository.findByCodeWithSecret(actor, code)
      : await this.repository.findWithSecret(actor, { enabled: true });
    if (!record) throw badRequest('sms.notConfigured', { code: code ?? '' });

    const taken: string[] = [];
    for (const phone of phones) {
      if (await this.deps.cache.setIfAbsent(rateKey(actor.tenantId, phone), '1', SMS_RATE_SECONDS)) {
        taken.push(phone);
        continue;
      }
      if (taken.length > 0) await this.deps.cache.delete(...taken.map((p) => rateKey(actor.tenantId, p)));
      throw new ApiError(429, 'sms.tooFrequent', { phone });
    }

    let result: SmsResult;
    let unreachable: SmsUnreachableError | undefined;
    try {
      result = await sendSms(
        this.deps.endpoints,
        {
          category: record.category,
          templateId: record.templateId ?? '',
          accessKey: record.accessKey ?? '',
          secretKey: record.sealedSecretKey ? this.deps.secrets.open(record.sealedSecretKey) : '',
          signName: record.signName ?? '',
          regionId: record.regionId,
          appId: record.appId,
        },
        { phones, params },
        this.deps.agents,
      );
    } catch (error) {
      // Not the vendor's answer but the way to it (refused address, DNS, TLS, timeout): its text
      // may name the operator's network, so it goes to the error log (the platform administrator
      // reads it in full) and the tenant gets a fixed message (S13).
      unreachable = new SmsUnreachableError(error);
      result = { ok: false, detail: 'vendor unreachable' };
    }
    this.deps.record(actor, {
      smsCode: record.smsCode,
      category: record.category,
      phones,
      ok: result.ok,
      detail: result.detail,
      paramKeys: Object.keys(params),
    });
    if (unreachable) throw unreachable;
    // The vendor's own answer (its error code and message, parsed from its reply) tells the tenant
    // what is wrong with its SMS account.
    if (!result.ok) throw new ApiError(503, 'sms.sendFailed', { detail: result.detail.slice(0, 200) });
  }
}

/** The SMS vendor could not be reached: a fault with a fixed message for the caller. */
export class SmsUnreachableError extends Error {
  readonly publicMessageKey = 'sms.unreachable' as const;
  constructor(override readonly cause: unknown) {
    super(`sms vendor unreachable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'SmsUnreachableError';
  }
}

function parseParams(raw: string | undefined): Record<string, string> {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('sms.params.invalid');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('sms.params.invalid');
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (value !== null && typeof value === 'object') throw badRequest('sms.params.invalid');
    out[key] = value === null || value === undefined ? '' : String(value);
  }
  return out;
}
