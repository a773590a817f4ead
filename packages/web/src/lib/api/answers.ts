/** The answer parsers, loaded with the schema library on first use (see wire-parse.ts). */
export const loadParsers = () => import('./wire-parse');

export type Parsers = Awaited<ReturnType<typeof loadParsers>>;

/** Waits for an answer and the parsers together, then reads the answer with the chosen parser. */
export async function parseAnswer<T>(
  answer: Promise<unknown>,
  parser: (parsers: Parsers) => (json: unknown) => T,
): Promise<T> {
  const [json, parsers] = await Promise.all([answer, loadParsers()]);
  return parser(parsers)(json);
}
