import { Type, type Static } from 'typebox';
import { SMS_CATEGORY, SMS_LIMITS, type SmsCategory } from '../entities.js';
import {
  AuditFieldsSchema,
  IntegerField,
  Nullable,
  OptionalText,
  RequiredText,
  SubmitId,
} from '../schema.js';

const S = () => Nullable(Type.String());

/**
 * An SMS setting (blade_sms). secretKey is absent on purpose: the response schema keeps it out of
 * every answer (S5). `category` is an integer on the wire, one of SMS_CATEGORY (submit allows no other).
 */
export const SmsSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  category: Type.Unsafe<SmsCategory>(Type.Integer()),
  smsCode: Type.String(),
  templateId: S(),
  accessKey: S(),
  regionId: S(),
  /** Tencent's SmsSdkAppId (not in BladeX). */
  appId: S(),
  signName: S(),
  remark: S(),
});
export type Sms = Static<typeof SmsSchema>;

const categories = Object.values(SMS_CATEGORY);

/** submit: no id creates, an id updates; an absent or empty secretKey on an update keeps the stored key. */
export const SmsInputSchema = Type.Object(
  {
    id: SubmitId,
    // SMS_CATEGORY runs without a gap from its least to its greatest value: the range is the list.
    category: Type.Unsafe<SmsCategory>(
      IntegerField(
        { label: 'sms.category', required: 'sms.category.required' },
        { minimum: Math.min(...categories), maximum: Math.max(...categories) },
      ),
    ),
    smsCode: RequiredText(SMS_LIMITS.smsCode, { label: 'sms.smsCode', required: 'sms.smsCode.required' }),
    templateId: OptionalText(SMS_LIMITS.templateId, { label: 'sms.templateId' }),
    accessKey: OptionalText(SMS_LIMITS.accessKey, { label: 'sms.accessKey' }),
    secretKey: OptionalText(SMS_LIMITS.secretKey, { label: 'sms.secretKey' }),
    regionId: OptionalText(SMS_LIMITS.regionId, { label: 'sms.regionId' }),
    appId: OptionalText(SMS_LIMITS.appId, { label: 'sms.appId' }),
    signName: OptionalText(SMS_LIMITS.signName, { label: 'sms.signName' }),
    remark: OptionalText(SMS_LIMITS.remark, { label: 'sms.remark' }),
  },
  { additionalProperties: true },
);
export type SmsInput = Static<typeof SmsInputSchema>;
