/** A size in bytes as people read it: 512 B, 1.5 KB, 3.2 MB, 1.1 GB (binary units). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : +value.toFixed(1)} ${units[unit]}`;
}

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp']);

/** Whether a stored file is a picture the browser can preview, by its extension. */
export function isImageExtension(extension: string | null | undefined): boolean {
  return IMAGE_EXTENSIONS.has((extension ?? '').toLowerCase());
}
