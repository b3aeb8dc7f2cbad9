/**
 * The house rules of imports (docs/ARCHITECTURE.md, apps/server/src/modules/README.md), checked by
 * `npm run check:deps` in `npm test`. Each rule's comment is what a violation prints: say which rule and why.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Imports must not form a cycle: a cycle means two parts cannot be understood, tested or changed apart. ' +
        'Move the shared piece down (lib/, db/, the repository) or let one side register a hook with the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'routes-no-database',
      severity: 'error',
      comment:
        'A route parses, authorizes, calls and presents: its queries belong in <feature>.repository.ts and its ' +
        'multi-table work in commands/ (apps/server/src/modules/README.md).',
      from: { path: '^apps/server/src/modules/.+[.]routes[.]ts$' },
      to: { path: ['^apps/server/src/db/', '(^|/)node_modules/drizzle-orm/'] },
    },
    {
      name: 'policies-are-pure',
      severity: 'error',
      comment:
        'A policy decides from the actor and rows it is given; it does not query. Build SQL in the repository.',
      from: { path: '^apps/server/src/modules/.+[.]policy[.]ts$' },
      to: {
        path: [
          '^apps/server/src/db/',
          '(^|/)node_modules/drizzle-orm/',
          '^apps/server/src/modules/.+[.]repository[.]ts$',
        ],
      },
    },
    {
      name: 'lib-imports-no-module',
      severity: 'error',
      comment:
        'apps/server/src/lib holds tools that know no feature; a feature type it needs belongs in lib or is a ' +
        'type parameter.',
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/(modules|plugins|jobs)/' },
    },
    {
      name: 'web-feature-isolation',
      severity: 'error',
      comment:
        'A web feature does not import another feature: move what both need to src/components, src/hooks or ' +
        'src/lib, or compose the two in src/app.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-imports-no-feature',
      severity: 'error',
      comment: 'src/components, src/hooks and src/lib are below the features: they must not import one.',
      from: { path: '^apps/web/src/(components|hooks|lib|utils)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'shared-is-portable',
      severity: 'error',
      comment:
        'packages/shared runs on the server, in the browser and in the native shell: it imports no Node ' +
        'built-in, no React, DOM or native library and no app code.',
      from: { path: '^packages/shared/src/' },
      to: { path: ['(^|/)node_modules/(react|react-dom|@tanstack|@capacitor)/', '^apps/'] },
    },
    {
      name: 'shared-imports-no-node',
      severity: 'error',
      comment: 'packages/shared runs in the browser and the native shell too: it imports no Node built-in.',
      from: { path: '^packages/shared/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-test-code-in-app',
      severity: 'error',
      comment: 'App code must not import tests or test fixtures: they are not built into the app.',
      from: { path: '^(apps|packages)/', pathNot: '([.](test|spec|fixture)[.]tsx?$)|(/test/)|(/testing/)' },
      to: { path: '([.](test|spec|fixture)[.]tsx?$)|(^apps/server/src/test/)|(/testing/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
