// Upload types are decided by content (security S9): an extension is accepted only when the
// file's first bytes are what that kind of file starts with. Kinds without a signature cannot be
// uploaded, whatever UPLOAD_TYPES lists (svg, html: both run script when opened).

type Check = (b: Buffer) => boolean;

const starts =
  (...bytes: number[]): Check =>
  (b) =>
    b.length >= bytes.length && bytes.every((byte, i) => b[i] === byte);
const ascii =
  (text: string, offset = 0): Check =>
  (b) =>
    b.subarray(offset, offset + text.length).toString('latin1') === text;

const jpeg = starts(0xff, 0xd8, 0xff);
const png = starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const gif: Check = (b) => ascii('GIF87a')(b) || ascii('GIF89a')(b);
const webp: Check = (b) => ascii('RIFF')(b) && ascii('WEBP', 8)(b);
const bmp: Check = (b) => ascii('BM')(b) && b.length > 14;
const pdf = ascii('%PDF-');
const zip: Check = (b) => starts(0x50, 0x4b, 0x03, 0x04)(b) || starts(0x50, 0x4b, 0x05, 0x06)(b);
const ole = starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const mp4 = ascii('ftyp', 4);
const gzip = starts(0x1f, 0x8b);
const rar = ascii('Rar!\x1a\x07');
const sevenZip = starts(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c);
/** Text: valid UTF-8 without NUL bytes (served as text/plain, as a download). */
const text: Check = (b) => {
  if (b.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
};

const SIGNATURES: Record<string, Check> = {
  jpg: jpeg,
  jpeg,
  png,
  gif,
  webp,
  bmp,
  pdf,
  zip,
  docx: zip,
  xlsx: zip,
  pptx: zip,
  apk: zip,
  jar: zip,
  doc: ole,
  xls: ole,
  ppt: ole,
  mp4,
  mov: mp4,
  gz: gzip,
  rar,
  '7z': sevenZip,
  txt: text,
  csv: text,
  log: text,
  md: text,
  json: text,
};

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
};

const OTHER_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  log: 'text/plain; charset=utf-8',
  md: 'text/plain; charset=utf-8',
  json: 'application/json',
  mp4: 'video/mp4',
  zip: 'application/zip',
  apk: 'application/vnd.android.package-archive',
};

/** True when the content is what the extension says. */
export function contentMatches(extension: string, content: Buffer): boolean {
  const check = SIGNATURES[extension];
  return check !== undefined && content.length > 0 && check(content);
}

export const isImage = (extension: string) => extension in IMAGE_TYPES;

/** The content type a stored file is stored and served with. */
export function contentTypeOf(extension: string): string {
  return IMAGE_TYPES[extension] ?? OTHER_TYPES[extension] ?? 'application/octet-stream';
}
