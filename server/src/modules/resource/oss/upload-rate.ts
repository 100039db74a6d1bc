import type { Cache } from '../../../core/cache/index.js';
import { ApiError } from '../../../core/errors.js';
import type { Actor } from '../../../core/repository/store.js';

// Uploads per user per minute (security S18): counted in the shared cache, so several server
// processes behind a load balancer allow a user no more between them than one would. A fixed
// window: the counter is created with a minute to live and every upload of the user in that
// minute counts, refused ones too.

export interface UploadRatePolicy {
  /** Uploads one user may start per minute. */
  perMinute: number;
}

export const DEFAULT_UPLOAD_RATE: UploadRatePolicy = { perMinute: 20 };

const WINDOW_SECONDS = 60;

export class UploadRate {
  readonly policy: UploadRatePolicy;

  constructor(
    private readonly cache: Cache,
    policy: Partial<UploadRatePolicy> = {},
  ) {
    this.policy = { ...DEFAULT_UPLOAD_RATE, ...policy };
  }

  /** Counts an upload of the actor; 429 when it is one too many for this minute. */
  async take(actor: Actor): Promise<void> {
    const key = `upload:rate:${actor.tenantId}:${actor.userId ?? '-'}`;
    if ((await this.cache.increment(key, WINDOW_SECONDS)) > this.policy.perMinute)
      throw new ApiError(429, 'upload.tooFrequent', { limit: String(this.policy.perMinute) });
  }
}
