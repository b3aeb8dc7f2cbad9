import type { V1AwardPointsRequest } from '@rally/shared';
import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { notFound } from '../../../lib/errors.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { awardPoints, findAward, getPointsTotal } from '../../points/points.repository.ts';
import { findClientUserIds } from '../../projects/admin-projects.repository.ts';

/**
 * Points a client's own system gives a member through the public API (a read and write key), once per reference:
 * the same reference again adds nothing and answers the award it made first. Audited with the key.
 */
export async function awardApiPoints(
  db: Db,
  input: { clientId: string; keyId: string; body: Required<V1AwardPointsRequest> },
) {
  const { clientId, keyId, body } = input;
  const source = `api:${body.reference}`;
  return withTransaction(db, async (tx) => {
    const [member] = await findClientUserIds(tx, { clientId, userIds: [body.member_id] });
    if (!member) throw notFound('Member not found');
    const awarded = await awardPoints(tx, { clientId, userId: member, points: body.points, source });
    const award =
      awarded !== 0 ? { userId: member, points: awarded } : await findAward(tx, { clientId, source });
    if (awarded !== 0)
      await insertAudit(tx, {
        clientId,
        entry: {
          userId: null,
          action: 'api_key.points_awarded',
          target: member,
          data: { key_id: keyId, points: body.points, reference: body.reference },
        },
      });
    const memberId = award?.userId ?? member;
    return {
      member_id: memberId,
      points: award?.points ?? body.points,
      reference: body.reference,
      created: awarded !== 0,
      total: await getPointsTotal(tx, { clientId, userId: memberId }),
    };
  });
}
