import { vi } from 'vitest';

export interface SentXhr {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData | null;
}

/**
 * XMLHttpRequest as the import upload uses it: each send reports progress at half the archive
 * and at the end, each once `before(loaded)` settles (unless aborted by then), and is then
 * answered by `answer`. Returns the requests sent.
 */
export function fakeXhrUpload(
  answer: (sent: SentXhr) => { status: number; body: unknown },
  before: (loaded: 'half' | 'all') => Promise<unknown>,
): SentXhr[] {
  const sent: SentXhr[] = [];
  class FakeXhr {
    upload = { onprogress: null as ((e: ProgressEvent) => void) | null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    status = 0;
    responseText = '';
    private request: SentXhr = { method: '', url: '', headers: {}, body: null };
    private aborted = false;
    open(method: string, url: string) {
      this.request = { method, url, headers: {}, body: null };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    abort() {
      this.aborted = true;
      queueMicrotask(() => this.onabort?.());
    }
    send(body: FormData) {
      this.request.body = body;
      sent.push(this.request);
      const size = (body.get('archive') as Blob).size;
      void (async () => {
        for (const loaded of ['half', 'all'] as const) {
          await before(loaded);
          if (this.aborted) return;
          this.upload.onprogress?.({
            loaded: loaded === 'half' ? size / 2 : size,
            total: size,
            lengthComputable: true,
          } as ProgressEvent);
        }
        const { status, body: answerBody } = answer(this.request);
        this.status = status;
        this.responseText = answerBody === undefined ? '' : JSON.stringify(answerBody);
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

/** An export archive of `bytes` bytes, as chosen to import. */
export const exportZip = (bytes: number) =>
  new File([new Uint8Array(bytes)], 'hanger-export.zip', { type: 'application/zip' });

/** The server's preview of an uploaded export (POST /api/imports). */
export const IMPORT_PREVIEW = {
  id: 'imp1',
  items: 412,
  outfits: 96,
  calendar_days: 1204,
  photos: 508,
  already_imported: { items: 12, outfits: 1 },
};
