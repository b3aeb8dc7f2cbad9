import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { ErrorScreen } from './error-screen';

describe('ErrorScreen', () => {
  beforeAll(async () => {
    await initI18n(null);
  });

  it('shows the texts and buttons of SPEC 2', () => {
    const html = renderToStaticMarkup(<ErrorScreen />);
    expect(html).toContain('Something went wrong...');
    expect(html).toContain('Please try again. If this keeps happening, contact support.');
    expect(html).toMatch(/<a href="\/"[^>]*>Go Home<\/a>/);
    expect(html).toMatch(/<a href="\/help"[^>]*>Contact Support<\/a>/);
  });
});
