import { describe, expect, it } from 'vitest';
import { isWebPushSubscription } from './users.ts';

const sub = (endpoint: string, keys: object = { p256dh: 'BNc', auth: 'tBH' }) =>
  JSON.stringify({ endpoint, keys });

describe('isWebPushSubscription', () => {
  it('accepts subscriptions of real push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dXk:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGm',
      'https://wns2-par02p.notify.windows.com/w/?token=BQY',
    ]) {
      expect(isWebPushSubscription(sub(endpoint)), endpoint).toBe(true);
    }
  });

  it('refuses endpoints inside a network, plain http, odd ports and credentials', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1/x',
      'https://2130706433/x',
      'https://0x7f000001/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://db.internal/x',
      'https://printer.local/x',
      'https://intranet/x',
      'https://push.example.com:8443/x',
      'https://user:pass@push.example.com/x',
      'file:///etc/passwd',
    ]) {
      expect(isWebPushSubscription(sub(endpoint)), endpoint).toBe(false);
    }
  });

  it('refuses what is not a subscription', () => {
    expect(isWebPushSubscription('not json')).toBe(false);
    expect(isWebPushSubscription(JSON.stringify({ endpoint: 'https://fcm.googleapis.com/x' }))).toBe(false);
    expect(isWebPushSubscription(sub('https://fcm.googleapis.com/x', { p256dh: 1, auth: 'a' }))).toBe(false);
    expect(isWebPushSubscription('null')).toBe(false);
  });
});
