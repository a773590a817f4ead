/**
 * Hands a file to the browser's own download manager (its progress, its folder) through a
 * hidden link: a URL the server signed, or bytes already fetched.
 */
export function startDownload(href: string, filename = ''): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  startDownload(url, filename);
  // The download has its own copy once started; give the browser a moment to take it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
