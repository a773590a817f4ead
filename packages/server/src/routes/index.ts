import type { FastifyInstance } from 'fastify';
import calendarRoutes from './calendar/index.js';
import clothesRoutes from './clothes/index.js';
import healthRoutes from './health/index.js';
import outfitsRoutes from './outfits/index.js';
import usersRoutes from './users/index.js';

/**
 * The product API under /api. Everything but /api/health requires a bearer access token; the
 * check runs on request, before a body is read, so an anonymous upload is refused at once.
 */
export default async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(async (api) => {
    // Appended per route, so it runs after the rate limiter's hook: a flood of anonymous calls
    // is still counted.
    api.addHook('onRoute', (route) => {
      const existing = route.onRequest;
      const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
      route.onRequest = [...hooks, app.authenticate];
    });
    await api.register(usersRoutes);
    await api.register(clothesRoutes);
    await api.register(outfitsRoutes);
    await api.register(calendarRoutes);
  });
}
