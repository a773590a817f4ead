/**
 * GET /api/users as a reader measures it while the server does other work (uploads, cut-outs,
 * the colour backfill): one request on a keep-alive agent, its latency, and a summary of many.
 */
import { request, type Agent } from 'node:http';
import { percentile, round } from './measure.js';

/**
 * One GET /api/users on a keep-alive agent, body read to the end: its latency in ms. `onBytes`
 * hears the size of the answer (a bench that checks the reads are whole wardrobes).
 */
export function getUsers(
  url: string,
  token: string,
  agent: Agent,
  onBytes?: (bytes: number) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(
      `${url}/api/users`,
      { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          onBytes?.(bytes);
          if (res.statusCode === 200) resolve(performance.now() - start);
          else reject(new Error(`GET users answered ${res.statusCode}`));
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Percentiles of read latencies, in ms to one decimal. */
export function latencySummary(latencies: number[]) {
  return {
    reads: latencies.length,
    p50Ms: round(percentile(latencies, 50), 1),
    p95Ms: round(percentile(latencies, 95), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    maxMs: round(
      latencies.reduce((a, b) => Math.max(a, b), 0),
      1,
    ),
  };
}
