import { TemplatesResponseSchema } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminProjectKeys } from './admin-query-keys';

/** GET /api/admin/library/templates: every template, for the activity's template picker. */
export const getTemplateOptions = () =>
  api.get('/api/admin/library/templates', { schema: TemplatesResponseSchema });

/** Library templates (the same cache entry as the Library's unfiltered list). */
export function useTemplateOptions(userId: string, enabled = true) {
  return useQuery({
    queryKey: adminProjectKeys.templates(userId),
    queryFn: async () => (await getTemplateOptions()).templates,
    enabled,
  });
}
