import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, NOTIFICATION_MESSAGE_KEYS } from '@rally/shared';
import { describe, expect, it } from 'vitest';

const LOCALES_DIR = join(__dirname, '../../../locales');

describe('notifications.messages (issue 14)', () => {
  it.each(LOCALES)(
    '%s has a text for exactly the keys the server names (NOTIFICATION_MESSAGE_KEYS)',
    (lang) => {
      const file = join(LOCALES_DIR, lang, 'later/notifications.json');
      const messages = JSON.parse(readFileSync(file, 'utf8')).notifications.messages as Record<
        string,
        string
      >;
      expect(Object.keys(messages).sort()).toEqual([...NOTIFICATION_MESSAGE_KEYS].sort());
      expect(Object.values(messages).every((text) => text.trim().length > 0)).toBe(true);
    },
  );
});
