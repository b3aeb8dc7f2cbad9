type Tree = { [key: string]: string | Tree };

/**
 * The 'common' namespace: common.json plus one file per feature (feed.json, leaderboard.json, …), each
 * holding its own top-level keys, merged. Feature files keep parallel work from editing one large file.
 */
const files = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });

function merge(into: Tree, from: Tree, file: string, path = ''): Tree {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    if (typeof existing === 'object' && typeof value === 'object')
      merge(existing, value, file, `${path}${key}.`);
    else if (existing !== undefined) throw new Error(`locales/en/${file} redefines ${path}${key}`);
    else into[key] = typeof value === 'object' ? merge({}, value, file, `${path}${key}.`) : value;
  }
  return into;
}

export const common: Tree = Object.entries(files)
  .sort(([a], [b]) => (a === './common.json' ? -1 : b === './common.json' ? 1 : a.localeCompare(b)))
  .reduce<Tree>((tree, [file, content]) => merge(tree, content, file.slice(2)), {});
