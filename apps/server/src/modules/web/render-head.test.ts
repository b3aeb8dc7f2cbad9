import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { renderHead } from './web.routes.ts';

const requestFor = (name: string, faviconVersion: string) =>
  ({
    tenant: {
      id: 'c1',
      faviconVersion,
      bootstrapJson: JSON.stringify({ client: { name } }),
      client: { name, config: { primary_color: '#007E97', secondary_color: '#6BF15C' } },
    },
  }) as unknown as FastifyRequest;

describe('renderHead', () => {
  it("brands index.html: escaped title, the client's colours and a favicon link that changes with the favicon", () => {
    const head = renderHead(requestFor('Acme <b>&</b>', 'abc123'), () => '#ffffff');
    expect(head).toContain('<title>Acme &lt;b&gt;&amp;&lt;/b&gt;</title>');
    expect(head).toContain('<link rel="icon" href="/api/favicon/c1?v=abc123">');
    expect(head).toContain('--color-primary:#007E97');
    // Brand-coloured text uses a variant of the colour that reaches 4.5:1 on the app's light surfaces.
    expect(head).toContain('--color-primary-text:#00738A');
    expect(head).toContain('"name":"Acme \\u003cb>&\\u003c/b>"');
    expect(renderHead(requestFor('Acme', 'def456'), () => '#fff')).toContain('/api/favicon/c1?v=def456');
  });
});
