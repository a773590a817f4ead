import { settingsPutSchema, wireSettingsSchema } from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSettings, readSettings, updateSettings } from '../../services/settings.js';
import { refusals } from '../answers.js';
import { FORM_TYPES, formBody } from '../form.js';

/** The account's settings and subcategories (docs/spec.md §7): read, and changed with a form. */
export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.services;

  api.get(
    '/users/settings',
    {
      schema: {
        summary: "The account's settings and subcategories",
        response: { 200: wireSettingsSchema, ...refusals(401) },
      },
    },
    async (request) => answerSettings(ctx, await readSettings(ctx.db, request.user.id)),
  );

  api.put(
    '/users/settings',
    {
      preValidation: formBody(),
      schema: {
        summary: 'Change settings (field settings, JSON); keys left out keep their value',
        consumes: FORM_TYPES,
        body: settingsPutSchema,
        response: { 200: wireSettingsSchema, ...refusals(400, 401, 413, 415, 422) },
      },
    },
    async (request) =>
      answerSettings(ctx, await updateSettings(ctx, request.user.id, request.body.settings)),
  );
}
