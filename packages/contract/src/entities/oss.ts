import { OSS_CATEGORY, OSS_LIMITS, type OssCategory } from '../entities.js';
import { Type, type Static } from 'typebox';
import {
  AuditFieldsSchema,
  IntegerField,
  Nullable,
  OptionalText,
  RequiredText,
  SubmitId,
} from '../schema.js';

const S = () => Nullable(Type.String());

/** secretKey is absent on purpose: the response schema keeps it out of every answer (S5). */
export const OssSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  /** An integer on the wire, one of OSS_CATEGORY (submit allows no other). */
  category: Type.Unsafe<OssCategory>(Type.Integer()),
  ossCode: Type.String(),
  endpoint: S(),
  accessKey: S(),
  bucketName: S(),
  appId: S(),
  region: S(),
  remark: S(),
});

const categories = Object.values(OSS_CATEGORY);

export const OssInputSchema = Type.Object(
  {
    id: SubmitId,
    // OSS_CATEGORY runs without a gap from its least to its greatest value: the range is the list.
    category: Type.Unsafe<OssCategory>(
      IntegerField(
        { label: 'oss.category', required: 'oss.category.required' },
        { minimum: Math.min(...categories), maximum: Math.max(...categories) },
      ),
    ),
    ossCode: RequiredText(OSS_LIMITS.ossCode, { label: 'oss.ossCode', required: 'oss.ossCode.required' }),
    endpoint: OptionalText(OSS_LIMITS.endpoint, { label: 'oss.endpoint' }),
    accessKey: OptionalText(OSS_LIMITS.accessKey, { label: 'oss.accessKey' }),
    secretKey: OptionalText(OSS_LIMITS.secretKey, { label: 'oss.secretKey' }),
    bucketName: OptionalText(OSS_LIMITS.bucketName, { label: 'oss.bucketName' }),
    appId: OptionalText(OSS_LIMITS.appId, { label: 'oss.appId' }),
    region: OptionalText(OSS_LIMITS.region, { label: 'oss.region' }),
    remark: OptionalText(OSS_LIMITS.remark, { label: 'oss.remark' }),
  },
  { additionalProperties: true },
);

export const StoredFileSchema = Type.Object({
  link: Type.String(),
  domain: Type.String(),
  name: Type.String(),
  originalName: Type.String(),
  attachId: Type.String(),
});

export type Oss = Static<typeof OssSchema>;
export type OssInput = Static<typeof OssInputSchema>;
/** What `oss/endpoint/put-file` answers (BladeX's BladeFile). */
export type StoredFile = Static<typeof StoredFileSchema>;
