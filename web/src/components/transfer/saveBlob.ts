/** Saves a downloaded file under `filename` (a link clicked for the browser's download). */
export function saveBlob(blob: Blob, filename: string): void {
  const link = document.createElement('a');
  const href = URL.createObjectURL(blob);
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
