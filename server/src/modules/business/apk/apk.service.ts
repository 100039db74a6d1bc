import { type Apk, type ApkInput } from '@console/contract';
import { APK_PUBLISH_STATUS } from '@console/contract/business';
import { TenantEntityService, found } from '../../../core/entity-service.js';
import { badRequest } from '../../../core/errors.js';
import { inTransaction, platformStore, type Actor, type Store } from '../../../core/repository/store.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import { AttachRepository } from '../../resource/attach/attach.repository.js';
import type { EventHub } from '../../../core/events/event-hub.js';
import type { RecordBusinessEvent } from '../business-events.js';
import { ApkRepository, apkTable } from './apk.repository.js';

/**
 * Apk releases. update creates or edits a version and sets its publish status. The file is one
 * stored through object storage (put-file-attach's attachId): link, size and md5 come from what the
 * server stored, never from the form. versionCode is unique per package; a version below the newest
 * published one cannot be published; withdrawing keeps the record. Once published, a version's
 * package, code and file stay (machines may have installed it).
 */
export class ApkService extends TenantEntityService<Apk, ApkInput, 'zx_apk', ApkRepository> {
  constructor(
    stores: TenantStores,
    private readonly record: RecordBusinessEvent,
    /** Told of every change ('apk'): the heartbeats' answers are read from a snapshot of the versions. */
    private readonly changes?: Pick<EventHub, 'changed'>,
  ) {
    super(stores, apkTable, (s) => new ApkRepository(s));
  }

  async submit(actor: Actor, input: ApkInput): Promise<Apk> {
    const saved = await this.#submit(actor, input);
    await this.changes?.changed(actor.tenantId, 'apk');
    return saved;
  }

  override async remove(actor: Actor, rawIds: string): Promise<number> {
    const removed = await super.remove(actor, rawIds);
    if (removed > 0) await this.changes?.changed(actor.tenantId, 'apk');
    return removed;
  }

  async #submit(actor: Actor, input: ApkInput): Promise<Apk> {
    const id = input.id || undefined;
    const packageName = input.packageName.trim();
    return inTransaction(await this.storeFor(actor), async (tx) => {
      const apks = this.repositoryOn(tx);
      const before = id === undefined ? undefined : found(await apks.findById(actor, id));
      const publishStatus = input.publishStatus ?? before?.publishStatus ?? APK_PUBLISH_STATUS.DRAFT;
      const attachId = input.attachId || undefined;
      if (!before && !attachId) throw badRequest('apk.file.required');

      const file = attachId ? await this.#file(tx, actor, attachId) : undefined;
      const wasPublished = before?.publishTime !== null && before?.publishTime !== undefined;
      if (
        before &&
        wasPublished &&
        (before.packageName !== packageName ||
          before.versionCode !== input.versionCode ||
          (file && file.attachId !== before.attachId))
      )
        throw badRequest('apk.identity.fixed');

      const holder = await apks.findVersion(actor, packageName, input.versionCode);
      if (holder && holder.id !== id)
        throw badRequest('apk.versionCode.exists', { packageName, versionCode: input.versionCode });

      const publishing =
        publishStatus === APK_PUBLISH_STATUS.PUBLISHED &&
        before?.publishStatus !== APK_PUBLISH_STATUS.PUBLISHED;
      if (publishing) {
        const newest = await apks.newestPublished(actor, packageName, id);
        if (newest && newest.versionCode > input.versionCode)
          throw badRequest('apk.version.lower', {
            versionCode: input.versionCode,
            newest: newest.versionCode,
          });
      }

      const values: Partial<Apk> = {
        appName: input.appName.trim(),
        packageName,
        versionName: input.versionName.trim(),
        versionCode: input.versionCode,
        forceUpdate: input.forceUpdate ?? before?.forceUpdate ?? 0,
        releaseNotes: input.releaseNotes?.trim() || null,
        publishStatus,
        ...(file ?? {}),
        // A Date, not wire text: the column kind turns it into the instant itself.
        ...(publishing ? { publishTime: new Date() as unknown as string } : {}),
      };
      const saved = await this.save(apks, actor, id, values);
      if (publishStatus !== (before?.publishStatus ?? APK_PUBLISH_STATUS.DRAFT))
        this.record(actor, {
          logId: `apk-${publishStatus === APK_PUBLISH_STATUS.PUBLISHED ? 'publish' : publishStatus === APK_PUBLISH_STATUS.WITHDRAWN ? 'withdraw' : 'draft'}`,
          message: {
            key: 'apk.log.publishStatus',
            args: {
              packageName,
              versionName: saved.versionName,
              versionCode: saved.versionCode,
              from: before?.publishStatus ?? '-',
              to: publishStatus,
            },
          },
          params: { id: saved.id },
        });
      return saved;
    });
  }

  /** What a stored file says of itself: its link, size and md5 as the server recorded them. */
  async #file(tx: Store, actor: Actor, attachId: string) {
    // Attachments are the platform's (object storage), in the main database.
    const attach = await new AttachRepository(platformStore(tx)).findById(actor, attachId);
    if (!attach) throw badRequest('apk.file.unknown');
    if (attach.extension !== 'apk') throw badRequest('apk.file.notApk');
    if (!attach.md5 || attach.attachSize === null) throw badRequest('apk.file.noDigest');
    return { attachId: attach.id, fileUrl: attach.link, fileSize: attach.attachSize, md5: attach.md5 };
  }
}
