import { OkResponseSchema, UserImportResponseSchema } from '@rally/shared';
import { api } from '../../../lib/api-client';

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

/** POST /api/admin/users/imports: the CSV text (sent as a JSON string); answers the started import. */
export const startUserImport = (csv: string) =>
  api.post('/api/admin/users/imports', csv, { schema: UserImportResponseSchema }).then((r) => r.import);

/** GET /api/admin/users/imports/{id}: where the import is and what it did. */
export const getUserImport = (id: string) =>
  api
    .get(`/api/admin/users/imports/${encodeURIComponent(id)}`, {
      schema: UserImportResponseSchema,
      retries: 2,
    })
    .then((r) => r.import);

/** The URL of a member's personal-data export (a JSON download, ADMIN). */
export const personalDataUrl = (id: string) => `${userPath(id)}/export`;

/** POST /api/admin/users/{id}/erase (ADMIN, after the page's confirmation). */
export const eraseUser = (id: string) =>
  api.post(`${userPath(id)}/erase`, { confirm: true }, { schema: OkResponseSchema });
