import type { WireItem, WireOutfit, WireSettings, WireWardrobe } from '@hanger/domain';
import sharp from 'sharp';
import { signUpAndGetToken } from './auth.js';
import type { TestApp } from './app.js';

export type FieldValue = string | string[] | { bytes: Buffer; filename?: string; type?: string };

/** A multipart body as a browser's FormData would send it. */
export function form(fields: Record<string, FieldValue>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') data.append(name, value);
    else if (Array.isArray(value)) for (const v of value) data.append(name, v);
    else {
      const blob = new Blob([new Uint8Array(value.bytes)], { type: value.type ?? 'image/jpeg' });
      data.append(name, blob, value.filename ?? 'photo.jpg');
    }
  }
  return data;
}

export function photo(bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg'): FieldValue {
  return { bytes, filename, type };
}

/** One signed-up user talking to the API over HTTP with their bearer token. */
export class ApiUser {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
    readonly id: string,
    readonly email: string,
  ) {}

  fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${this.token}`);
    return fetch(`${this.baseUrl}${path}`, { ...init, headers });
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(path, { headers });
  }

  send(method: string, path: string, fields?: Record<string, FieldValue>): Promise<Response> {
    return this.fetch(path, { method, ...(fields ? { body: form(fields) } : {}) });
  }

  /** A url-encoded form, as an HTML form without a file would send it. */
  sendUrlEncoded(method: string, path: string, fields: Record<string, string>): Promise<Response> {
    return this.fetch(path, {
      method,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  async wardrobe(): Promise<WireWardrobe> {
    const response = await this.get('/api/users');
    if (response.status !== 200) throw new Error(`GET /api/users answered ${response.status}`);
    return (await response.json()) as WireWardrobe;
  }

  async settings(): Promise<WireSettings> {
    return (await (await this.get('/api/users/settings')).json()) as WireSettings;
  }

  async putSettings(settings: Record<string, unknown>): Promise<Response> {
    return this.send('PUT', '/api/users/settings', { settings: JSON.stringify(settings) });
  }

  /** Adds an item and returns its answer; fails the test on anything but 201. */
  async addItem(fields: Record<string, FieldValue> = {}, image?: Buffer): Promise<WireItem> {
    const response = await this.send('POST', '/api/clothes', {
      category: 'top',
      status: 'clothes',
      image: photo(image ?? (await testJpeg())),
      ...fields,
    });
    if (response.status !== 201)
      throw new Error(`POST /api/clothes answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as WireItem;
  }

  async addOutfit(itemIds: string[], fields: Record<string, FieldValue> = {}): Promise<WireOutfit> {
    const response = await this.send('POST', '/api/outfit', {
      canvas_data: JSON.stringify(itemIds.map((id, i) => canvasEntry(id, i))),
      image: photo(await testJpeg({ width: 40, height: 60 })),
      ...fields,
    });
    if (response.status !== 201)
      throw new Error(`POST /api/outfit answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as WireOutfit;
  }

  async putDay(day: string, fields: Record<string, FieldValue>): Promise<Response> {
    return this.send('PUT', `/api/calendar/${day}`, fields);
  }
}

export function canvasEntry(clothingId: string, i = 0) {
  return {
    clothing_id: clothingId,
    x: 10 + i * 20,
    y: 20 + i * 30,
    scale: 0.5 + i / 10,
    rotation: i * 5,
  };
}

export async function signUp(t: TestApp, email?: string): Promise<ApiUser> {
  const user = await signUpAndGetToken(t.baseUrl, email);
  return new ApiUser(t.baseUrl, user.token, user.userId, user.email);
}

export interface JpegOptions {
  width?: number;
  height?: number;
  color?: { r: number; g: number; b: number };
  /** EXIF camera and GPS tags, as a phone writes them. */
  gps?: boolean;
}

/** A small real JPEG made by sharp. */
export async function testJpeg(options: JpegOptions = {}): Promise<Buffer> {
  const { width = 48, height = 32, color = { r: 180, g: 60, b: 40 } } = options;
  const image = sharp({ create: { width, height, channels: 3, background: color } }).jpeg({
    quality: 80,
  });
  if (options.gps) {
    image.withExif({
      IFD0: { Make: 'HangerTestCam', Model: 'GPS-1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2645/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3960/100',
      },
    });
  }
  return image.toBuffer();
}

/** Absolute URL of a photo link from an answer (disk storage answers site-relative links). */
export function absolute(baseUrl: string, url: string | null | undefined): string {
  if (!url) throw new Error('The answer carries no photo link');
  return new URL(url, baseUrl).toString();
}
