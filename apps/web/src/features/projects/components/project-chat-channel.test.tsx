import { ChatProjectChannelResponseSchema } from '@rally/shared';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildClient, buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedRequests, server } from '../../../testing/server';
import { ProjectChatChannel } from './project-chat-channel';

const PROJECT = testId(42);
const URL = `/api/admin/chat/projects/${PROJECT}/channel`;
const channel = (enabled: boolean) => ({
  channel: { project_id: PROJECT, conversation_id: enabled ? testId(43) : null, enabled },
});

describe('Project chat channel', () => {
  it('turns the channel on at once and off after a confirmation', async () => {
    let enabled = false;
    server.use(
      http.get(URL, () => answer(ChatProjectChannelResponseSchema, channel(enabled))),
      http.put(URL, () => {
        enabled = true;
        return answer(ChatProjectChannelResponseSchema, channel(true));
      }),
      http.delete(URL, () => {
        enabled = false;
        return answer(ChatProjectChannelResponseSchema, channel(false));
      }),
    );
    const admin = buildUser({ role: 'ADMIN', client: buildClient({ features: [{ id: 'chat' }] }) });
    const { user } = renderWithProviders(<ProjectChatChannel userId={admin.id} projectId={PROJECT} />, {
      session: admin,
    });
    const toggle = await screen.findByRole('switch', { name: 'Chat channel' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await screen.findByRole('switch', { name: 'Chat channel', checked: true });
    expect(await receivedRequests('PUT', URL)).toHaveLength(1);

    await user.click(screen.getByRole('switch', { name: 'Chat channel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close the chat channel?' });
    expect(await receivedRequests('DELETE', URL)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Close channel' }));
    await screen.findByRole('switch', { name: 'Chat channel', checked: false });
    expect(await receivedRequests('DELETE', URL)).toHaveLength(1);
  });

  it('shows nothing when the app has no chat', () => {
    const admin = buildUser({ role: 'ADMIN', client: buildClient({ features: [] }) });
    renderWithProviders(<ProjectChatChannel userId={admin.id} projectId={PROJECT} />, { session: admin });
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
