import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { clientId, createdAt, id } from './columns.ts';
import { users } from './people.ts';

export const chatThreads = pgTable('chat_threads', {
  id: id(),
  clientId: clientId(),
  parentId: uuid('parent_id'),
  title: text('title'),
  createdAt: createdAt(),
});

export const chatMembers = pgTable(
  'chat_members',
  {
    clientId: clientId(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Id of the last message the member has read (UUIDv7, so comparable by order). */
    lastReadMessageId: uuid('last_read_message_id'),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('chat_members_user').on(t.userId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    clientId: clientId(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_thread').on(t.threadId, t.id)],
);
