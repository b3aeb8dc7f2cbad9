import { ChatContactsResponseSchema, ChatConversationResponseSchema, OkResponseSchema } from '@rally/shared';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildClient, buildUser } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { ada, buildConversation, grace, sofia } from '../testing/chat-data';
import { GroupMembersDialog } from './group-members-dialog';

const me = buildUser({ id: ada.id, client: buildClient({ features: [{ id: 'chat' }] }) });
const abilities = { can_post: true, can_rename: true, can_add_members: true, can_leave: true };

describe('Group members', () => {
  it('adds a person found by name, and the starter removes someone after a confirmation', async () => {
    const group = buildConversation({
      kind: 'group',
      members: [ada, sofia],
      abilities: { ...abilities, can_remove_members: true },
    });
    server.use(
      http.get('/api/chat/contacts', () =>
        answer(ChatContactsResponseSchema, { people: [sofia, grace], next_cursor: null }),
      ),
      http.post(`/api/chat/conversations/${group.id}/members`, () =>
        answer(ChatConversationResponseSchema, {
          conversation: { ...group, members: [ada, sofia, grace], member_count: 3 },
        }),
      ),
      http.delete(`/api/chat/conversations/${group.id}/members/${sofia.id}`, () =>
        answer(OkResponseSchema, { ok: true }),
      ),
    );
    const { user } = renderWithProviders(
      <GroupMembersDialog conversation={group} userId={me.id} onClose={() => {}} onLeft={() => {}} />,
      { session: me },
    );
    await user.type(screen.getByRole('searchbox', { name: 'Add people' }), 'gr');
    const results = await screen.findByRole('list', { name: 'People you can add' });
    // People already in the group are not offered again.
    expect(within(results).queryByText(sofia.display_name)).not.toBeInTheDocument();
    await user.click(within(results).getByRole('button', { name: `Add ${grace.display_name}` }));
    expect(await receivedBodies('POST', `/api/chat/conversations/${group.id}/members`)).toEqual([
      { user_ids: [grace.id] },
    ]);

    await user.click(screen.getByRole('button', { name: `Remove ${sofia.display_name}` }));
    expect(
      await receivedRequests('DELETE', `/api/chat/conversations/${group.id}/members/${sofia.id}`),
    ).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await vi.waitFor(async () =>
      expect(
        await receivedRequests('DELETE', `/api/chat/conversations/${group.id}/members/${sofia.id}`),
      ).toHaveLength(1),
    );
  });

  it('lets a member leave after a confirmation, and offers no removal to others than the starter', async () => {
    const group = buildConversation({
      kind: 'group',
      members: [ada, sofia],
      abilities: { ...abilities, can_remove_members: false },
    });
    server.use(
      http.delete(`/api/chat/conversations/${group.id}/members/${ada.id}`, () =>
        answer(OkResponseSchema, { ok: true }),
      ),
    );
    const onLeft = vi.fn();
    const { user } = renderWithProviders(
      <GroupMembersDialog conversation={group} userId={me.id} onClose={() => {}} onLeft={onLeft} />,
      { session: me },
    );
    expect(screen.queryByRole('button', { name: `Remove ${sofia.display_name}` })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave group' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave this group?' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave group' }));
    await vi.waitFor(() => expect(onLeft).toHaveBeenCalled());
  });
});
