import type { Outbox } from './engine';

/**
 * How the stores reach the outbox without importing it (which would close an import cycle: the
 * engine's wiring imports the stores): the app provides the loader at start (src/boot.ts loads
 * src/app/outbox.ts on first use), and every use shares the one engine it answers.
 */
let provider: (() => Promise<Outbox>) | null = null;
let provided: Promise<Outbox> | null = null;

export function provideOutbox(load: () => Promise<Outbox>): void {
  provider = load;
  provided = null;
}

/** The outbox engine, loaded on first use. */
export function loadOutbox(): Promise<Outbox> {
  if (!provider) return Promise.reject(new Error('Hanger: no outbox was provided'));
  provided ??= provider().catch((err: unknown) => {
    provided = null;
    throw err;
  });
  return provided;
}
