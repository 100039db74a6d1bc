import { createHash, createHmac, randomUUID } from 'node:crypto';
import { request as httpRequest, type Agent as HttpAgent } from 'node:http';
import { request as httpsRequest, type Agent as HttpsAgent } from 'node:https';
import { SMS_CATEGORY, type SmsCategory } from '@console/contract';
import type { SmsVendor } from '../../../core/config.js';

// One adapter per SMS vendor: each builds the vendor's signed HTTP request by its documented
// scheme and sends it to a base URL from configuration (SMS_ENDPOINTS; the vendors' own by
// default), so tests point them at a local server that checks the request.
//   aliyun  — Dysmsapi SendSms (RPC, 2017-05-25), signature version 1.0: HMAC-SHA1 over the
//             sorted, percent-encoded query, key = secret + '&'.
//   tencent — SMS SendSms (2021-01-11), TC3-HMAC-SHA256 over the canonical request.
//   qiniu   — SMS POST /v1/message, "Qiniu <AK>:<sign>", HMAC-SHA1 over method, path, host,
//             content type and body (access token v2), URL-safe base64.
//   yunpian — v2 tpl_batch_send.json, form-encoded; the API key is the record's secret key.
//   log     — sends nothing; the message is only recorded.

export interface SmsAccount {
  category: SmsCategory;
  templateId: string;
  accessKey: string;
  secretKey: string;
  signName: string;
  regionId: string | null;
  appId: string | null;
}

export interface SmsMessage {
  phones: string[];
  params: Record<string, string>;
}

export interface SmsResult {
  ok: boolean;
  /** The vendor's answer in a few words (request id, error code and message). */
  detail: string;
}

export const SMS_VENDOR_OF: Partial<Record<SmsCategory, SmsVendor>> = {
  [SMS_CATEGORY.ALI]: 'aliyun',
  [SMS_CATEGORY.TENCENT]: 'tencent',
  [SMS_CATEGORY.QINIU]: 'qiniu',
  [SMS_CATEGORY.YUNPIAN]: 'yunpian',
};

export const SMS_DEFAULT_ENDPOINTS: Record<SmsVendor, string> = {
  aliyun: 'https://dysmsapi.aliyuncs.com',
  tencent: 'https://sms.tencentcloudapi.com',
  qiniu: 'https://sms.qiniuapi.com',
  yunpian: 'https://sms.yunpian.com',
};

const TIMEOUT_MS = 10_000;

interface HttpAnswer {
  status: number;
  body: string;
}

/** The agents requests go through: the outbound policy's (core/outbound/agents.ts). */
export interface SmsAgents {
  httpAgent: HttpAgent;
  httpsAgent: HttpsAgent;
}

type Send = (url: URL, method: string, headers: Record<string, string>, body?: string) => Promise<HttpAnswer>;

/** One request with exactly these headers (fetch would not let Host be signed as sent). */
const sender =
  (agents: SmsAgents): Send =>
  (url, method, headers, body) => {
    const https = url.protocol === 'https:';
    const request = https ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          agent: https ? agents.httpsAgent : agents.httpAgent,
          method,
          headers: {
            ...headers,
            ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
          },
          timeout: TIMEOUT_MS,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('SMS request timed out')));
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  };

const json = (text: string): Record<string, unknown> => {
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** Aliyun's percent-encoding (RFC 3986: space %20, * %2A, ~ kept). */
export function aliyunEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

async function aliyun(
  base: string,
  account: SmsAccount,
  message: SmsMessage,
  send: Send,
): Promise<SmsResult> {
  const params: Record<string, string> = {
    AccessKeyId: account.accessKey,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: message.phones.join(','),
    RegionId: account.regionId || 'cn-hangzhou',
    SignName: account.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    TemplateCode: account.templateId,
    TemplateParam: JSON.stringify(message.params),
    Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k]!)}`)
    .join('&');
  const stringToSign = `GET&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  const signature = createHmac('sha1', `${account.secretKey}&`).update(stringToSign).digest('base64');
  const url = new URL(`${base}/?Signature=${aliyunEncode(signature)}&${canonical}`);
  const answer = await send(url, 'GET', { accept: 'application/json' });
  const body = json(answer.body);
  return {
    ok: answer.status === 200 && body.Code === 'OK',
    detail:
      `${String(body.Code ?? answer.status)} ${String(body.Message ?? '')} ${String(body.RequestId ?? '')}`.trim(),
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac256 = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

async function tencent(
  base: string,
  account: SmsAccount,
  message: SmsMessage,
  send: Send,
): Promise<SmsResult> {
  const url = new URL(`${base}/`);
  const payload = JSON.stringify({
    PhoneNumberSet: message.phones.map((p) => `+86${p}`),
    SmsSdkAppId: account.appId ?? '',
    SignName: account.signName,
    TemplateId: account.templateId,
    TemplateParamSet: Object.values(message.params),
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const contentType = 'application/json; charset=utf-8';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${contentType}`,
    `host:${url.host}`,
    '',
    'content-type;host',
    sha256(payload),
  ].join('\n');
  const scope = `${date}/sms/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(timestamp), scope, sha256(canonicalRequest)].join('\n');
  const signing = hmac256(hmac256(hmac256(`TC3${account.secretKey}`, date), 'sms'), 'tc3_request');
  const signature = createHmac('sha256', signing).update(stringToSign).digest('hex');
  const answer = await send(
    url,
    'POST',
    {
      authorization: `TC3-HMAC-SHA256 Credential=${account.accessKey}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`,
      'content-type': contentType,
      host: url.host,
      'x-tc-action': 'SendSms',
      'x-tc-timestamp': String(timestamp),
      'x-tc-version': '2021-01-11',
      'x-tc-region': account.regionId || 'ap-guangzhou',
    },
    payload,
  );
  const response = (json(answer.body).Response ?? {}) as {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: Array<{ Code?: string; Message?: string }>;
    RequestId?: string;
  };
  const statuses = response.SendStatusSet ?? [];
  const ok =
    answer.status === 200 && !response.Error && statuses.length > 0 && statuses.every((s) => s.Code === 'Ok');
  const problem = response.Error ?? statuses.find((s) => s.Code !== 'Ok');
  return {
    ok,
    detail:
      `${problem ? `${problem.Code} ${problem.Message ?? ''}` : 'Ok'} ${response.RequestId ?? ''}`.trim(),
  };
}

const urlSafeBase64 = (buffer: Buffer) => buffer.toString('base64').replace(/\+/g, '-').replace(/\//g, '_');

async function qiniu(base: string, account: SmsAccount, message: SmsMessage, send: Send): Promise<SmsResult> {
  const url = new URL(`${base}/v1/message`);
  const body = JSON.stringify({
    template_id: account.templateId,
    mobiles: message.phones,
    parameters: message.params,
  });
  const contentType = 'application/json';
  const signing = `POST ${url.pathname}${url.search}\nHost: ${url.host}\nContent-Type: ${contentType}\n\n${body}`;
  const sign = urlSafeBase64(createHmac('sha1', account.secretKey).update(signing).digest());
  const answer = await send(
    url,
    'POST',
    { authorization: `Qiniu ${account.accessKey}:${sign}`, 'content-type': contentType, host: url.host },
    body,
  );
  const parsed = json(answer.body);
  return {
    ok: answer.status === 200 && typeof parsed.job_id === 'string',
    detail: `${answer.status} ${String(parsed.job_id ?? parsed.error ?? parsed.message ?? '')}`.trim(),
  };
}

async function yunpian(
  base: string,
  account: SmsAccount,
  message: SmsMessage,
  send: Send,
): Promise<SmsResult> {
  const url = new URL(`${base}/v2/sms/tpl_batch_send.json`);
  const tplValue = Object.entries(message.params)
    .map(([k, v]) => `${encodeURIComponent(`#${k}#`)}=${encodeURIComponent(v)}`)
    .join('&');
  const body = new URLSearchParams({
    apikey: account.secretKey,
    mobile: message.phones.join(','),
    tpl_id: account.templateId,
    tpl_value: tplValue,
  }).toString();
  const answer = await send(
    url,
    'POST',
    {
      'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
      accept: 'application/json;charset=utf-8',
    },
    body,
  );
  const parsed = json(answer.body) as {
    data?: Array<{ code?: number; msg?: string }>;
    code?: number;
    msg?: string;
  };
  const results = parsed.data ?? [];
  const ok = answer.status === 200 && results.length > 0 && results.every((r) => r.code === 0);
  const problem = results.find((r) => r.code !== 0) ?? parsed;
  return {
    ok,
    detail: ok
      ? `sent ${results.length}`
      : `${String(problem.code ?? answer.status)} ${problem.msg ?? ''}`.trim(),
  };
}

const ADAPTERS: Record<
  SmsVendor,
  (base: string, account: SmsAccount, message: SmsMessage, send: Send) => Promise<SmsResult>
> = {
  aliyun,
  tencent,
  qiniu,
  yunpian,
};

/** Sends through the account's vendor (or, for the log provider, records only). */
export async function sendSms(
  endpoints: Partial<Record<SmsVendor, string>>,
  account: SmsAccount,
  message: SmsMessage,
  agents: SmsAgents,
): Promise<SmsResult> {
  const vendor = SMS_VENDOR_OF[account.category];
  if (!vendor) return { ok: true, detail: 'recorded only (log provider)' };
  return ADAPTERS[vendor](
    (endpoints[vendor] ?? SMS_DEFAULT_ENDPOINTS[vendor]).replace(/\/+$/, ''),
    account,
    message,
    sender(agents),
  );
}
