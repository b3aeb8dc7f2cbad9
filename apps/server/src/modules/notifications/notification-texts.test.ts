import { readFileSync } from 'node:fs';
import { LOCALES, NOTIFICATION_MESSAGE_KEYS, type NotificationMessage } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import {
  englishOf,
  NOTIFICATION_TEXTS,
  projectWordIn,
  renderNotification,
  wordsIn,
} from './notification-texts.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/**
 * One message per key with sample values, and the English its notify() call site writes for the same values
 * (word for word as the call sites build title and body).
 */
const SAMPLES: { message: NotificationMessage; title: string; body?: string }[] = [
  { message: { key: 'comment', params: { actor: 'Ana Ruiz' } }, title: 'Ana Ruiz commented on your post' },
  { message: { key: 'reaction', params: { actor: 'Ana' } }, title: 'Ana reacted to your post' },
  { message: { key: 'follow', params: { actor: 'ben_k' } }, title: 'ben_k started following you' },
  { message: { key: 'mention_post', params: { actor: 'Ana' } }, title: 'Ana mentioned you in a post' },
  { message: { key: 'mention_comment', params: { actor: 'Ana' } }, title: 'Ana mentioned you in a comment' },
  {
    message: { key: 'team_announcement', params: { actor: 'Ana' } },
    title: 'Ana posted an announcement to your Team',
  },
  {
    message: {
      key: 'participation_approved',
      body_key: 'points_earned',
      params: { activity: 'Show the product', points: '20' },
    },
    title: 'Your submission to “Show the product” was approved',
    body: 'You earned 20 points.',
  },
  {
    message: { key: 'participation_rejected', params: { activity: 'Show the product', points: '0' } },
    title: 'Your submission to “Show the product” was not approved',
  },
  {
    message: { key: 'participation_rejected', body_key: 'removed_by_review', params: { activity: 'Unbox' } },
    title: 'Your submission to “Unbox” was not approved',
    body: 'Removed by brand safety review',
  },
  {
    message: { key: 'new_project', params: { project_word: 'mission', project: 'Spring launch' } },
    title: 'New mission: Spring launch',
  },
  {
    message: { key: 'project_invite', params: { project_word: 'project', project: 'Spring launch' } },
    title: 'You are invited to the project Spring launch',
  },
  {
    message: { key: 'new_activity', params: { project: 'Spring launch', activity: 'Share the video' } },
    title: 'New activity in Spring launch: Share the video',
  },
  { message: { key: 'badge_earned', params: { badge: 'Sharer' } }, title: 'You earned the Sharer badge' },
  {
    message: { key: 'badge_earned_bronze', params: { badge: 'Sharer' } },
    title: 'You earned the Sharer badge (Bronze)',
  },
  {
    message: { key: 'badge_earned_silver', params: { badge: 'Sharer' } },
    title: 'You earned the Sharer badge (Silver)',
  },
  {
    message: { key: 'badge_earned_gold', params: { badge: 'Sharer' } },
    title: 'You earned the Sharer badge (Gold)',
  },
  { message: { key: 'chat_mention', params: { actor: 'Ana' } }, title: 'Ana mentioned you in chat' },
  {
    message: { key: 'chat_to_brand_team', params: { actor: 'Ana' } },
    title: 'Ana wrote to the brand team',
  },
  { message: { key: 'chat_thread_reply', params: { actor: 'Ana' } }, title: 'Ana replied in a thread' },
  {
    message: { key: 'chat_direct', body_key: 'chat_file', params: { actor: 'Ana' } },
    title: 'Ana sent you a message',
    body: 'Sent a file',
  },
  {
    message: { key: 'chat_brand_reply', params: { actor: 'Ana' } },
    title: 'Ana of the brand team replied',
  },
  {
    message: { key: 'chat_in_conversation', params: { actor: 'Ana', conversation: 'Launch crew' } },
    title: 'Ana in Launch crew',
  },
  { message: { key: 'chat_group', params: { actor: 'Ana' } }, title: 'Ana wrote in your group' },
  {
    message: { key: 'application_approved', params: { application: 'Ambassadors 2026' } },
    title: 'Your application to Ambassadors 2026 is approved. Welcome!',
  },
  {
    message: { key: 'application_rejected', params: { application: 'Ambassadors 2026' } },
    title: 'Your application to Ambassadors 2026 was not accepted',
  },
  {
    message: { key: 'application_info_requested', params: { application: 'Ambassadors 2026' } },
    title: 'More information is needed for your application to Ambassadors 2026',
  },
  {
    message: { key: 'application_received', params: { application: 'Ambassadors 2026' } },
    title: 'Your application to Ambassadors 2026 is received',
  },
  {
    message: { key: 'welcome', body_key: 'welcome_text', params: { client: 'Demo' } },
    title: 'Welcome to Demo!',
    body: 'Start by exploring the Projects open to you.',
  },
  {
    message: { key: 'team_joined', body_key: 'team_joined_text', params: { team: 'Marketing' } },
    title: 'You joined Marketing',
    body: 'See who else is on your Team.',
  },
  {
    message: { key: 'complete_profile', body_key: 'complete_profile_text', params: {} },
    title: 'Complete your profile',
    body: 'Add a photo so your Team recognises you.',
  },
  {
    message: {
      key: 'webhook_disabled',
      body_key: 'webhook_disabled_text',
      params: { url: 'https://hooks.example.com/rally', count: '10' },
    },
    title: 'A webhook was turned off: https://hooks.example.com/rally',
    body: 'Its last 10 deliveries failed. Fix the endpoint, then turn it on again under Integrations.',
  },
];

describe('notification texts', () => {
  it('has a text for every key in every language, with the same placeholders as English', () => {
    for (const lang of LOCALES) {
      const texts = NOTIFICATION_TEXTS[lang] as Record<string, string>;
      expect(Object.keys(texts).sort(), lang).toEqual([...NOTIFICATION_MESSAGE_KEYS].sort());
      for (const key of NOTIFICATION_MESSAGE_KEYS) {
        expect(texts[key]?.trim(), `${lang} ${key}`).toBeTruthy();
        expect(placeholders(texts[key]!), `${lang} ${key}`).toEqual(placeholders(NOTIFICATION_TEXTS.en[key]));
      }
    }
  });

  it('says in English exactly what the notify() call sites store as title and body', () => {
    const used = new Set(SAMPLES.flatMap((s) => [s.message.key, s.message.body_key]));
    expect(NOTIFICATION_MESSAGE_KEYS.filter((key) => !used.has(key))).toEqual([]);
    for (const sample of SAMPLES) {
      const english = englishOf(sample.message);
      expect(english.title).toBe(sample.title);
      expect(english.body).toBe(sample.body);
    }
  });

  it("says the client's words for project and team where a text names them (issue 23)", () => {
    const acme = {
      project: { singular: 'Mission', plural: 'Missions' },
      team: { singular: 'Squad', plural: 'Squads' },
    };
    expect(englishOf({ key: 'team_announcement', params: { actor: 'Ana' } }, acme).title).toBe(
      'Ana posted an announcement to your Squad',
    );
    expect(
      englishOf({ key: 'welcome', body_key: 'welcome_text', params: { client: 'Acme' } }, acme).body,
    ).toBe('Start by exploring the Missions open to you.');
    // Only the nestings of the catalog: a value that looks like one stays as given.
    expect(englishOf({ key: 'comment', params: { actor: '$t(words.team)' } }, acme).title).toBe(
      '$t(words.team) commented on your post',
    );
    for (const lang of LOCALES)
      for (const key of NOTIFICATION_MESSAGE_KEYS) {
        const text = NOTIFICATION_TEXTS[lang][key];
        const literal = lang === 'es' ? /\b(?:proyectos?|equipos?)\b/i : /\b(?:projects?|teams?)\b/i;
        const rest = text.replace(/\$t\([^)]*\)|\{\{[^}]*\}\}|brand team|equipo de (?:la )?marca/gi, '');
        expect(literal.test(rest), `${lang} ${key}: ${text}`).toBe(false);
      }
  });

  it('are the texts the web shows (locales/<lang>/later/notifications.json, notifications.messages)', () => {
    for (const lang of LOCALES) {
      const file = new URL(`../../../../web/src/locales/${lang}/later/notifications.json`, import.meta.url);
      const web = JSON.parse(readFileSync(file, 'utf8')).notifications.messages;
      expect(web, lang).toEqual(NOTIFICATION_TEXTS[lang]);
    }
  });
});

describe('renderNotification', () => {
  const stored = {
    title: 'Ana commented on your post',
    body: 'Great work!',
    message: { key: 'comment', params: { actor: 'Ana' } },
  };

  it("says a message in the reader's language, the stored body kept when the message names no body key", () => {
    expect(renderNotification('es', stored)).toEqual({
      title: 'Ana comentó tu publicación',
      body: 'Great work!',
    });
    const approved = {
      title: 'Your submission to “Unbox” was approved',
      body: 'You earned 5 points.',
      message: {
        key: 'participation_approved',
        body_key: 'points_earned',
        params: { activity: 'Unbox', points: '5' },
      },
    };
    expect(renderNotification('es', approved)).toEqual({
      title: 'Tu envío a “Unbox” fue aprobado',
      body: 'Ganaste 5 puntos.',
    });
  });

  it('keeps the stored English for English, no or an unknown language, no message and an unknown key', () => {
    const english = { title: stored.title, body: stored.body };
    expect(renderNotification('en', stored)).toEqual(english);
    expect(renderNotification(null, stored)).toEqual(english);
    expect(renderNotification('fr', stored)).toEqual(english);
    expect(renderNotification('es', { ...stored, message: null })).toEqual(english);
    expect(
      renderNotification('es', { ...stored, message: { key: 'from_a_newer_build', params: {} } }),
    ).toEqual(english);
    expect(renderNotification('es', { ...stored, message: { key: 'constructor', params: {} } })).toEqual(
      english,
    );
  });

  it("says the client's words for project and team in the reader's language (issue 23)", () => {
    const n = {
      title: 'Ana posted an announcement to your Squad',
      body: 'Kick-off Monday',
      message: { key: 'team_announcement', params: { actor: 'Ana' } },
    };
    expect(renderNotification('es', n).title).toBe('Ana publicó un anuncio para tu Equipo');
    const squad = { team: { singular: 'Squad', plural: 'Squads' } };
    expect(renderNotification('es', n, undefined, squad)).toEqual({
      title: 'Ana publicó un anuncio para tu Squad',
      body: 'Kick-off Monday',
    });
    expect(
      renderNotification('es', n, undefined, { ...squad, strings: { 'es:words.team': 'Escuadra' } }).title,
    ).toBe('Ana publicó un anuncio para tu Escuadra');
    expect(renderNotification('en', n, undefined, squad).title).toBe(n.title);
    const welcome = {
      title: 'Welcome to Acme!',
      body: 'Start by exploring the Missions open to you.',
      message: { key: 'welcome', body_key: 'welcome_text', params: { client: 'Acme' } },
    };
    expect(
      renderNotification('es', welcome, undefined, { project: { singular: 'Mission', plural: 'Missions' } }),
    ).toEqual({
      title: '¡Te damos la bienvenida a Acme!',
      body: 'Empieza por ver qué Missions están abiertos para ti.',
    });
  });

  it("resolves the words as the web does: override, else the brand's own word, else the language's", () => {
    expect(wordsIn('en')).toEqual({ project: 'Project', projects: 'Projects', team: 'Team', teams: 'Teams' });
    expect(wordsIn('es')).toEqual({
      project: 'Proyecto',
      projects: 'Proyectos',
      team: 'Equipo',
      teams: 'Equipos',
    });
    const config = {
      project: { singular: 'Project', plural: 'Projects' },
      team: { singular: 'Squad', plural: 'Squads' },
      strings: { 'words.projects': 'Campaigns', 'es:words.teams': 'Escuadras' },
    };
    expect(wordsIn('en', config)).toEqual({
      project: 'Project',
      projects: 'Campaigns',
      team: 'Squad',
      teams: 'Squads',
    });
    expect(wordsIn('es', config)).toEqual({
      project: 'Proyecto',
      projects: 'Campaigns',
      team: 'Squad',
      teams: 'Escuadras',
    });
    expect(wordsIn('en', { project: null, team: null, strings: null }).team).toBe('Team');
  });

  it("fills the project word in with the client's word in the reader's language", () => {
    const n = {
      title: 'New campaign: Spring',
      body: null,
      message: { key: 'new_project', params: { project_word: 'campaign', project: 'Spring' } },
    };
    expect(renderNotification('es', n, { singular: null, translated: null }).title).toBe(
      'Nuevo proyecto: Spring',
    );
    expect(renderNotification('es', n, { singular: 'Challenge', translated: 'Reto' }).title).toBe(
      'Nuevo reto: Spring',
    );
    // A brand's own word without a Spanish one stays the brand's, as the web shows it.
    expect(projectWordIn('es', { singular: 'Mission', translated: null })).toBe('mission');
    expect(projectWordIn('es', { singular: 'Project', translated: null })).toBe('proyecto');
    expect(projectWordIn('en', { singular: null, translated: 'Campaña' })).toBe('project');
  });
});
