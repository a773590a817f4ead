import { useCallback, useEffect, useRef, useState } from 'react';
import type { PhotoUploadState } from '../../lib/stores/upload-actions';

export interface QueuedPhoto {
  key: string;
  file: File;
  /** Object URL for the preview; revoked when the photo leaves the queue. */
  url: string;
  state: PhotoUploadState;
  error?: string;
}

let counter = 0;

/** Keeps only images: a drop can carry any file, and `accept` is only a hint to the picker. */
function isImage(file: File): boolean {
  return file.type === ''
    ? /\.(heic|heif|avif|jpe?g|png|webp|gif)$/i.test(file.name)
    : file.type.startsWith('image/');
}

/** The photos chosen on the upload page, with their previews and upload states. */
export function usePhotoQueue() {
  const [photos, setPhotos] = useState<QueuedPhoto[]>([]);
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
      owned.clear();
    };
  }, []);

  /** Adds images; answers how many files were skipped because they were not images. */
  const add = useCallback((files: Iterable<File>): number => {
    const next: QueuedPhoto[] = [];
    let skipped = 0;
    for (const file of files) {
      if (!isImage(file)) {
        skipped += 1;
        continue;
      }
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      next.push({ key: `photo-${(counter += 1)}`, file, url, state: 'waiting' });
    }
    if (next.length > 0) setPhotos((list) => [...list, ...next]);
    return skipped;
  }, []);

  const remove = useCallback((key: string) => {
    setPhotos((list) => {
      const gone = list.find((p) => p.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.url);
        urls.current.delete(gone.url);
      }
      return list.filter((p) => p.key !== key);
    });
  }, []);

  const setState = useCallback((key: string, state: PhotoUploadState, error?: string) => {
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, state, error } : p)));
  }, []);

  /** Drops the photos that became items; failed ones stay, with their reason, to try again. */
  const removeAdded = useCallback(() => {
    setPhotos((list) => {
      for (const p of list) {
        if (p.state === 'added') {
          URL.revokeObjectURL(p.url);
          urls.current.delete(p.url);
        }
      }
      return list.filter((p) => p.state !== 'added');
    });
  }, []);

  return { photos, add, remove, setState, removeAdded };
}
