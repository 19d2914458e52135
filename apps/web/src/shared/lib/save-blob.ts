/**
 * Saves a downloaded blob under a (Chinese) file name: an object URL on a link that is clicked, revoked once the
 * download has started. One helper for every download the site starts from fetched bytes (certificates, templates,
 * exports, evidence files).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
