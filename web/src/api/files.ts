import { website } from '../config/website';
import {
  callHeaders,
  parseJson,
  requireEnvironment,
  settle,
  TransportError,
  withQuery,
  type QueryParams,
  type RequestEnvironment,
  type RequestOptions,
} from './request';

// Files over the request layer: downloads (exports, templates) and uploads that report progress.
// A module of their own so that only the pages that move files download this code, not the
// sign-in page.

/** A file the server sends (an export): its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export interface DownloadOptions extends RequestOptions {
  /** GET by default; POST for a file the call makes (the code generator's zip). */
  method?: 'GET' | 'POST';
  /** The caller gave up (a cancel button): the call rejects with DownloadCancelled. */
  signal?: AbortSignal;
  /** Told as the file's bytes arrive: how many so far, of how many when the server says. */
  onProgress?: (received: number, total: number | undefined) => void;
}

/** A download its caller cancelled (DownloadOptions.signal): not a failure to report. */
export class DownloadCancelled extends Error {
  constructor() {
    super('the download was cancelled');
    this.name = 'DownloadCancelled';
  }
}

/**
 * A file the server sends (exports, templates, generated code). A JSON answer is a failure in the R
 * envelope and is read as every other call's; anything else is the file, named by its
 * Content-Disposition.
 */
export async function download(
  url: string,
  params?: QueryParams,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  const env = requireEnvironment();
  const timeout = options.timeout ?? website.requestTimeout * 6;
  // The call ends at the timeout or when the caller gives up, whichever comes first.
  const ended = new AbortController();
  const timer = setTimeout(() => ended.abort(), timeout);
  options.signal?.addEventListener('abort', () => ended.abort(), { once: true });
  try {
    return await fetchFile(url, params, options, env, ended.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function fetchFile(
  url: string,
  params: QueryParams | undefined,
  options: DownloadOptions,
  env: RequestEnvironment,
  signal: AbortSignal,
): Promise<DownloadedFile> {
  const failed = (failure: unknown) =>
    options.signal?.aborted
      ? new DownloadCancelled()
      : new TransportError('the connection failed', 'NETWORK', { cause: failure });
  let response: Response;
  try {
    response = await fetch(withQuery(url, params), {
      method: options.method ?? 'GET',
      headers: callHeaders(env, options),
      credentials: 'same-origin',
      signal,
    });
  } catch (failure) {
    throw failed(failure);
  }
  if (response.status > 500) throw new TransportError(`HTTP ${response.status}`, `HTTP_${response.status}`);
  if ((response.headers.get('content-type') ?? '').includes('application/json'))
    return settle<never>(response.status, parseJson(await response.text()), env, options);
  try {
    return {
      blob: await bodyOf(response, options.onProgress),
      filename: filenameOf(response.headers.get('content-disposition')),
    };
  } catch (failure) {
    throw failed(failure);
  }
}

/** The answer's bytes, told to onProgress chunk by chunk as they arrive. */
async function bodyOf(response: Response, onProgress: DownloadOptions['onProgress']): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : undefined;
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? '' });
}

/** The file name of a Content-Disposition header (RFC 5987's filename* first). */
export function filenameOf(disposition: string | null): string {
  if (!disposition) return 'download';
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended) return decodeURIComponent(extended[1]!.trim());
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]!.trim() : 'download';
}

/**
 * POST of a FormData that reports how much of it has gone (0 to 1) while it uploads: fetch cannot
 * tell, XMLHttpRequest can. The answer is read as every other call's.
 */
export function upload<T>(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  options: RequestOptions = {},
): Promise<T> {
  const env = requireEnvironment();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(callHeaders(env, options))) xhr.setRequestHeader(name, value);
    xhr.timeout = options.timeout ?? website.requestTimeout * 30;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status > 500) return reject(new TransportError(`HTTP ${xhr.status}`, `HTTP_${xhr.status}`));
      try {
        resolve(settle<T>(xhr.status, parseJson(xhr.responseText), env, options));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new TransportError('the connection failed', 'NETWORK'));
    xhr.ontimeout = () => reject(new TransportError('no answer in time', 'TIMEOUT'));
    xhr.send(form);
  });
}
