/**
 * `work` on every element of `list`, at most `limit` at once, in list order. The first failure
 * starts nothing more and is thrown once the work under way has ended, so a caller cleaning up
 * after it sees everything that was stored (the imports: services/import.ts, sheet-import.ts).
 */
export async function eachLimited<T>(
  list: readonly T[],
  limit: number,
  work: (x: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | null = null;
  const lane = async () => {
    while (failure === null && next < list.length) {
      const x = list[next++]!;
      try {
        await work(x);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, lane));
  if (failure !== null) throw (failure as { err: unknown }).err;
}
