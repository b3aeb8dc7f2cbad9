import type { AdminContract } from '@rally/shared';
import type { ContractRow } from './contracts.repository.ts';

export const presentContract = (row: ContractRow): AdminContract => ({
  id: row.id,
  version: row.version,
  title: row.title,
  body: row.body,
  created_at: new Date(row.createdAt).toISOString(),
});
