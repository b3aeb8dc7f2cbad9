import { canSeeChat } from '@rally/shared';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { useNavContext } from '../../hooks/use-nav-context';
import { useUser } from '../../lib/auth';
import { NotAvailable } from './access';

/** /chat (SPEC 2, 6): members of a client with feature chat; never guests. The brand team's inbox is /admin/chat. */
export function ChatPage() {
  const ctx = useNavContext();
  const user = useUser();
  if (!canSeeChat(ctx) || !user || user.is_ghost) return <NotAvailable />;
  return <ChatScreen />;
}
