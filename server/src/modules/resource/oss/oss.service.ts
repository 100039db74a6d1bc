import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  AVATAR_LIMITS,
  OSS_CATEGORY,
  type Attach,
  type Oss,
  type OssInput,
  type StoredFile,
} from '@console/contract';
import { formatDateTime } from '../../../core/dates.js';
import { ApiError, badRequest } from '../../../core/errors.js';

import { normalizeAddress, type OutboundPolicy } from '../../../core/outbound/policy.js';
import { type Actor, type Store } from '../../../core/repository/store.js';
import type { SecretBox } from '../../../core/secret-box.js';
import { TenantRepository } from '../../system/tenant/tenant.repository.js';
import { UserRepository } from '../../user/user.repository.js';
import { AttachRepository } from '../attach/attach.repository.js';
import { contentMatches, contentTypeOf } from '../storage/file-types.js';
import { LocalStorage } from '../storage/local-storage.js';
import { isStoredName, linkOf, type ObjectStorage } from '../storage/object-storage.js';
import { S3Storage } from '../storage/s3-storage.js';
import { ProviderSettingsService, text } from '../provider-settings/provider-settings.service.js';
import { OssRepository, ossTable, type OssWithSecret } from './oss.repository.js';

export interface OssServiceDependencies {
  store: Store;
  secrets: SecretBox;
  /** DATA_DIR/uploads: the local storage's root. */
  uploadsRoot: string;
  uploadTypes: readonly string[];
  /** Where storage services may be (OUTBOUND_HOSTS), checked on submit and on every connection. */
  outbound: OutboundPolicy;
}

/** An uploaded file as the multipart parser hands it over. */
export interface Upload {
  filename: string;
  content: Buffer;
}

export class OssService extends ProviderSettingsService<Oss, OssInput, 'blade_oss', OssRepository> {
  constructor(private readonly deps: OssServiceDependencies) {
    super(deps.store, ossTable, (s) => new OssRepository(s), deps.secrets);
  }

  /**
   * Creates without an id, updates with one. Every kind but local needs an http(s) endpoint, an
   * access key, a secret key (kept when an update leaves it empty) and a bucket. The secret key is
   * stored sealed (core/secret-box.ts) and never answered.
   */
  async submit(actor: Actor, input: OssInput): Promise<Oss> {
    if (!(Object.values(OSS_CATEGORY) as number[]).includes(input.category))
      throw badRequest('oss.category.invalid');
    const id = input.id || undefined;
    const existing = await this.existing(actor, id);
    const values = {
      category: input.category,
      ossCode: input.ossCode.trim(),
      endpoint: text(input.endpoint)?.replace(/\/+$/, '') ?? null,
      accessKey: text(input.accessKey),
      bucketName: text(input.bucketName),
      appId: text(input.appId),
      region: text(input.region),
      remark: text(input.remark),
      ...this.sealedSecret(input.secretKey),
    };
    if (values.category !== OSS_CATEGORY.LOCAL) {
      if (!values.endpoint || !/^https?:\/\/[^\s/]+/.test(values.endpoint))
        throw badRequest('oss.endpoint.invalid');
      if (!values.accessKey) throw badRequest('oss.accessKey.required');
      if (!values.bucketName) throw badRequest('oss.bucketName.required');
      if (!values.secretKey && !existing?.sealedSecretKey) throw badRequest('oss.secretKey.required');
      this.#checkOutbound(values.endpoint, values.category, values.bucketName);
    }
    return this.save(this.repository, actor, id, values);
  }

  /**
   * The submit-time half of the outbound policy (S13): the endpoint's host, and for virtual-hosted
   * kinds the bucket's host below it, must be allowed; connections are checked again when made.
   */
  #checkOutbound(endpoint: string, category: number, bucketName: string): void {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw badRequest('oss.endpoint.invalid');
    }
    if (url.username || url.password) throw badRequest('oss.endpoint.invalid');
    const hosts = [url.hostname];
    if (category !== OSS_CATEGORY.MINIO && !normalizeAddress(url.hostname))
      hosts.push(`${bucketName.toLowerCase()}.${url.hostname}`);
    for (const host of hosts) {
      const refusal = this.deps.outbound.checkHost(host);
      if (refusal === 'address') throw badRequest('oss.endpoint.privateAddress', { host });
      if (refusal) throw badRequest('oss.endpoint.notAllowed', { host });
    }
  }

  #storageOf(actor: Actor, record: OssWithSecret | undefined): ObjectStorage {
    if (!record || record.category === OSS_CATEGORY.LOCAL)
      return new LocalStorage(this.deps.uploadsRoot, actor.tenantId);
    return new S3Storage(
      {
        endpoint: record.endpoint ?? '',
        accessKey: record.accessKey ?? '',
        secretKey: record.sealedSecretKey ? this.deps.secrets.open(record.sealedSecretKey) : '',
        bucketName: record.bucketName ?? '',
        region: record.region,
        pathStyle: record.category === OSS_CATEGORY.MINIO,
      },
      this.deps.outbound,
    );
  }

  /** The storage that serves the tenant now: its enabled record, else local disk. */
  async currentStorage(actor: Actor): Promise<ObjectStorage> {
    return this.#storageOf(actor, await this.repository.findWithSecret(actor, { enabled: true }));
  }

  /**
   * The storage a stored link belongs to, by its domain: local disk, or one of the tenant's
   * records (enabled or not); undefined when none matches (the object is then left alone).
   */
  async storageForDomain(actor: Actor, domain: string | null): Promise<ObjectStorage | undefined> {
    const local = new LocalStorage(this.deps.uploadsRoot, actor.tenantId);
    if (domain === local.domain) return local;
    for (const record of await this.repository.listAllWithSecrets(actor)) {
      if (record.category === OSS_CATEGORY.LOCAL) continue;
      const storage = this.#storageOf(actor, record);
      if (storage.domain === domain) return storage;
    }
    return undefined;
  }

  /**
   * Stores an upload through the tenant's storage and records it as an attachment. The extension
   * (from the file's name) must be allowed and match the content; the stored name is generated.
   * The file's bytes are taken from the tenant's storage quota before it is stored (413 when it
   * does not fit) and given back when storing or recording fails.
   */
  async putFile(actor: Actor, upload: Upload, purpose: 'avatar' | null = null): Promise<StoredFile> {
    const originalName = upload.filename.trim();
    // eslint-disable-next-line no-control-regex
    if (/[/\\\u0000-\u001f\u007f]/.test(originalName) || originalName === '' || originalName.length > 255)
      throw badRequest('upload.badName');
    const extension = path.extname(originalName).slice(1).toLowerCase();
    const types: readonly string[] = purpose === 'avatar' ? AVATAR_LIMITS.extensions : this.deps.uploadTypes;
    if (!extension || !types.includes(extension))
      throw badRequest('upload.typeNotAllowed', { types: types.join(', ') });
    if (!contentMatches(extension, upload.content)) throw badRequest('upload.contentMismatch', { extension });

    const size = upload.content.length;
    const tenants = new TenantRepository(this.deps.store);
    if (!(await tenants.reserveUpload(actor.tenantId, size))) {
      const usage = await tenants.uploadUsage(actor.tenantId);
      throw new ApiError(413, 'upload.quotaExceeded', {
        size: formatBytes(size),
        used: formatBytes(usage?.used ?? 0),
        quota: formatBytes(usage?.quota ?? 0),
      });
    }
    try {
      const storage = await this.currentStorage(actor);
      const day = formatDateTime(new Date(), this.deps.store.timeZone).slice(0, 10).replace(/-/g, '');
      const name = `upload/${day}/${randomBytes(16).toString('hex')}.${extension}`;
      try {
        await storage.put(name, upload.content, contentTypeOf(extension));
      } catch (error) {
        throw new StorageError(error);
      }
      const link = linkOf(storage, name);
      const attachments = new AttachRepository(this.deps.store);
      const attachId = await attachments.insert(actor, {
        link,
        domain: storage.domain,
        name,
        originalName,
        extension,
        attachSize: size,
      });
      await attachments.recordStored(
        actor,
        attachId,
        createHash('md5').update(upload.content).digest('hex'),
        purpose,
      );
      return { link, domain: storage.domain, name, originalName, attachId };
    } catch (error) {
      await tenants.releaseUpload(actor.tenantId, size);
      throw error;
    }
  }

  /**
   * The avatar path: any signed-in user stores a jpg or png of at most 500 KB (checked by the
   * route's multipart limit and here) as their own avatar, and nothing else: the file becomes the
   * avatar of the user the token names, and the files this path stored for them before are
   * removed, so a user holds one avatar file, whatever they upload.
   */
  async putAvatar(actor: Actor, upload: Upload): Promise<StoredFile> {
    if (upload.content.length > AVATAR_LIMITS.maxBytes) throw uploadTooLarge(AVATAR_LIMITS.maxBytes);
    const stored = await this.putFile(actor, upload, 'avatar');
    await new UserRepository(this.deps.store).updateSelf(actor, { avatar: stored.link });
    const removed = await new AttachRepository(this.deps.store).removeAvatarsBefore(actor, stored.attachId);
    await this.discard(actor, removed);
    return stored;
  }

  /**
   * After attachments were removed: removes the stored objects they held, each in the storage its
   * link belongs to (local disk or one of the tenant's records), when its name is one this server
   * generated and no other attachment of the tenant still refers to it, and gives its bytes back
   * to the tenant's quota. An object that cannot be removed is reported in the process log and
   * still counts (it may still take space); the records stay removed.
   */
  async discard(actor: Actor, removed: readonly Attach[], log?: FastifyBaseLogger): Promise<void> {
    const attachments = new AttachRepository(this.deps.store);
    const tenants = new TenantRepository(this.deps.store);
    for (const row of removed) {
      if (!isStoredName(row.name)) continue;
      if ((await attachments.countByName(actor, row.domain, row.name, [])) > 0) continue;
      try {
        const storage = await this.storageForDomain(actor, row.domain);
        await storage?.remove(row.name);
      } catch (err) {
        log?.warn({ err, attachId: row.id, name: row.name }, 'stored object not removed');
        continue;
      }
      await tenants.releaseUpload(actor.tenantId, row.attachSize ?? 0);
    }
  }
}

/**
 * The storage service failed: a fault (500, error log). The caller is told a fixed message
 * (publicMessageKey); the upstream's text stays in the error log, which only the platform
 * administrator reads in full (S13).
 */
export class StorageError extends Error {
  readonly publicMessageKey = 'oss.storageFailed' as const;
  constructor(override readonly cause: unknown) {
    super(`object storage failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StorageError';
  }
}

export const uploadTooLarge = (limit: number) =>
  new ApiError(413, 'upload.tooLarge', { limit: formatBytes(limit) });

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / 1024 / 1024).toFixed(1)}MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)}KB`;
  return `${n}B`;
}
