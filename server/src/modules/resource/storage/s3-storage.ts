import { createRequire } from 'node:module';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { guardedAgents } from '../../../core/outbound/agents.js';
import type { OutboundPolicy } from '../../../core/outbound/policy.js';
import { STORED_NAME, type ObjectStorage } from './object-storage.js';

// The AWS SDK (megabytes of code) loads with the first S3 storage, not at start: most deployments
// store files on local disk. It is CommonJS: require() keeps the constructor synchronous.
const require = createRequire(import.meta.url);
const sdk = () => require('@aws-sdk/client-s3') as typeof S3;

export interface S3Settings {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucketName: string;
  region: string | null;
  /** Path-style addressing (MinIO and most self-hosted services): endpoint/bucket/name. */
  pathStyle: boolean;
}

/** Any S3-compatible service (MinIO, AWS, Aliyun OSS, Tencent COS, Qiniu) through the AWS SDK. */
export class S3Storage implements ObjectStorage {
  readonly domain: string;
  readonly #client: S3Client;
  readonly #bucket: string;

  /** Connections go only where the outbound policy allows, checked on the resolved address (S13). */
  constructor(settings: S3Settings, outbound: OutboundPolicy) {
    const endpoint = settings.endpoint.replace(/\/+$/, '');
    this.#bucket = settings.bucketName;
    this.#client = new (sdk().S3Client)({
      endpoint,
      region: settings.region || 'us-east-1',
      credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
      forcePathStyle: settings.pathStyle,
      maxAttempts: 2,
      requestHandler: {
        ...guardedAgents(outbound, { keepAlive: true }),
        connectionTimeout: 10_000,
        requestTimeout: 60_000,
      },
    });
    const url = new URL(endpoint);
    this.domain = settings.pathStyle
      ? `${endpoint}/${settings.bucketName}`
      : `${url.protocol}//${settings.bucketName}.${url.host}`;
  }

  async put(name: string, body: Buffer, contentType: string): Promise<void> {
    if (!STORED_NAME.test(name)) throw new Error('not a stored name');
    await this.#client.send(
      new (sdk().PutObjectCommand)({ Bucket: this.#bucket, Key: name, Body: body, ContentType: contentType }),
    );
  }

  async remove(name: string): Promise<void> {
    if (!STORED_NAME.test(name)) throw new Error('not a stored name');
    await this.#client.send(new (sdk().DeleteObjectCommand)({ Bucket: this.#bucket, Key: name }));
  }

  close(): void {
    this.#client.destroy();
  }
}
