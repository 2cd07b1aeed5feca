#!/usr/bin/env node
// Creates a new remote with the layout every remote has (docs/project-structure.md), and registers
// it where the site must know it:
//
//   node scripts/new-remote.mjs <name> [--port 3005] [--title "Rewards"]
//
// - remote-<name>/: package.json (the checkout remote's dependencies), tsconfig, jest and Rspack
//   configs, README, src/index.ts → src/app/standalone.tsx, one page
//   (src/features/<name>/<name>-page.tsx, exposed as './<name>') with its test, src/styles/.
// - the release words' REMOTE_NAMES (shared/src/contract/release-words.mjs: the host's RemoteName,
//   the API's and the database's reports, the web server follow it), server/src/apps.mjs (served
//   by `npm start`, tests and the web image; the lint config reads it), shared's default manifest URL, the host's route table (`/<name>`) and its
//   fallback's area name, and a row in docs/product.md's routes (to be worded). pnpm-workspace.yaml
//   already takes every `remote-*` folder.
//
// Then: `node scripts/pnpm.mjs install`, `npm test`, `npm start` and open /<name>. What stays by hand
// (production topology): a service in docker-compose.yml and its port in .ci/run's port checks.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** `rewards-hub` → `RewardsHub`, `Rewards hub`. */
const pascal = (name) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
const words = (name) => name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, ' ');

/**
 * Replaces `anchor` (a text, or a pattern) in `text` by `replacement`, or fails naming the file
 * and what was looked for.
 */
function edit(file, text, anchor, replacement) {
  const found = anchor instanceof RegExp ? anchor.test(text) : text.includes(anchor);
  if (!found) throw new Error(`${file}: cannot find ${String(anchor)}`);
  return text.replace(anchor, replacement);
}

/** The files of the new remote, by path inside its folder. */
function remoteFiles({ name, port, title, pkg }) {
  const Page = `${pascal(name)}Page`;
  return {
    'package.json': `${JSON.stringify(pkg, null, 2)}\n`,
    'tsconfig.json': `{
  "extends": "../tsconfig.base.json",
  "compilerOptions": { "types": ["jest", "node", "@testing-library/jest-dom"] },
  "include": ["src"]
}
`,
    'jest.config.js': `import { jestConfig } from '@hypertek/shared/testing/jest-config';

export default jestConfig({ setupFilesAfterEnv: ['<rootDir>/src/test/setup-after-env.ts'] });
`,
    'src/test/setup-after-env.ts': `/** DOM matchers for every test, and a clean start: no HTTP stub, an empty data cache. */
import '@testing-library/jest-dom';

import { stopServing } from '@hypertek/shared/testing';

afterEach(() => stopServing());
`,
    'rspack.config.mjs': `import { createAppConfig } from '../scripts/rspack/create-app-config.mjs';

/** One exposed module per page; the host's route table says which path shows which. */
export const exposes = {
  './${name}': './src/features/${name}/${name}-page.tsx',
};

export default createAppConfig({
  appDir: import.meta.dirname,
  name: '${name}',
  port: ${port},
  title: '${title}',
  exposes,
});
`,
    'README.md': `# @hypertek/remote-${name}

${title}: a remote of the Hyper Tek site (see docs/project-structure.md for the layout).

| Path | Exposed module | File |
| --- | --- | --- |
| \`/${name}\` | \`./${name}\` | \`src/features/${name}/${name}-page.tsx\` |

Alone: \`node scripts/pnpm.mjs --filter @hypertek/remote-${name} dev\` serves its standalone page on
port ${port}. In the site, the host loads \`http://localhost:${port}/mf-manifest.json\`.
`,
    'src/index.ts': `// Standalone page of this remote (for the team that owns it). In the site, the host loads the
// exposed pages through Module Federation instead, and this file is not used.
void import('./app/standalone');
`,
    'src/app/standalone.tsx': `import { renderStandalone } from '@hypertek/shared/standalone';
import { lazy } from 'react';

void renderStandalone('${name}', [
  { path: '/${name}', Page: lazy(() => import('../features/${name}/${name}-page')) },
]);
`,
    [`src/features/${name}/${name}-page.tsx`]: `import '../../styles/${name}.css';

/** /${name}: ${title}. */
export default function ${Page}() {
  return (
    <section className="container section">
      <h1>${title}</h1>
      <p className="muted ${name}-lead">This page is new: tell visitors what it is for.</p>
    </section>
  );
}
`,
    [`src/features/${name}/${name}-page.test.tsx`]: `import { render, screen } from '@testing-library/react';

import ${Page} from './${name}-page';

describe('/${name}', () => {
  it('shows its title', () => {
    render(<${Page} />);
    expect(screen.getByRole('heading', { level: 1, name: '${title}' })).toBeInTheDocument();
  });
});
`,
    [`src/styles/${name}.css`]: `/* The ${name} remote's look, over the site's tokens and base classes. Classes start with \`${name}-\`. */
.${name}-lead {
  max-width: 60ch;
}
`,
  };
}

/**
 * Writes the remote under `root` and registers it. Returns the paths it wrote or changed.
 * @param {{ root: string, name: string, port: number, title?: string }} options
 */
export function generateRemote({ root, name, port, title = words(name) }) {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name))
    throw new Error(`"${name}" is not a kebab-case name (letters, digits, dashes)`);
  const dir = join(root, `remote-${name}`);
  if (existsSync(dir)) throw new Error(`remote-${name} exists already`);
  const read = (path) => readFileSync(join(root, path), 'utf8');
  const write = (path, text) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  const apps = read('server/src/apps.mjs');
  if (apps.includes(`name: '${name}'`)) throw new Error(`server/src/apps.mjs knows ${name}`);
  if (apps.includes(`defaultPort: ${port},`)) throw new Error(`port ${port} is taken`);

  // The package: the checkout remote's dependencies without its payment provider.
  const template = JSON.parse(read('remote-checkout/package.json'));
  const dependencies = Object.fromEntries(
    Object.entries(template.dependencies).filter(([dep]) => !dep.startsWith('@stripe/')),
  );
  const pkg = {
    ...template,
    name: `@hypertek/remote-${name}`,
    description: `${title} remote.`,
    dependencies,
  };
  const files = remoteFiles({ name, port, title, pkg });
  for (const [path, text] of Object.entries(files)) write(`remote-${name}/${path}`, text);

  const envName = `${name.toUpperCase().replace(/-/g, '_')}_PORT`;
  const changes = {
    'shared/src/contract/release-words.mjs': (text) =>
      edit(
        'shared/src/contract/release-words.mjs',
        text,
        /(export const REMOTE_NAMES = \/\*\* @type \{const\} \*\/ \(\[)([^\]]*?)(,?\s*)(\]\);)/,
        (_, open, names, _comma, close) => `${open}${names}, '${name}'${close}`,
      ),
    'server/src/apps.mjs': (text) =>
      edit(
        'server/src/apps.mjs',
        text,
        '\n];\n\n/** @type {App} */\nexport const API',
        `\n  {\n    name: '${name}',\n    pkg: '@hypertek/remote-${name}',\n    dir: 'remote-${name}',\n    portEnv: '${envName}',\n    defaultPort: ${port},\n    remote: '${name}',\n  },\n];\n\n/** @type {App} */\nexport const API`,
      ),
    'shared/src/config/runtime-config.ts': (text) =>
      edit(
        'shared/src/config/runtime-config.ts',
        text,
        `\n  },\n  stripePublishableKey: '',`,
        `\n    ${name.includes('-') ? `'${name}'` : name}: 'http://localhost:${port}/mf-manifest.json',\n  },\n  stripePublishableKey: '',`,
      ),
    'host/src/app/route-table.ts': (text) =>
      edit(
        'host/src/app/route-table.ts',
        text,
        '\n} as const satisfies',
        `\n  ${name.includes('-') ? `'${name}'` : name}: {\n    '/${name}': '${name}',\n  },\n} as const satisfies`,
      ),
    'host/src/app/remote-route.tsx': (text) =>
      edit(
        'host/src/app/remote-route.tsx',
        text,
        `\n};\n\ntype PageLoad`,
        `\n  ${name.includes('-') ? `'${name}'` : name}: '${title.toLowerCase()}',\n};\n\ntype PageLoad`,
      ),
    'docs/product.md': (text) => {
      const lines = text.split('\n');
      const start = lines.indexOf('## Routes and screens');
      const first = lines.findIndex((line, i) => i > start && line.startsWith('| `/'));
      if (start < 0 || first < 0) throw new Error('docs/product.md: no routes table');
      let end = first;
      while (lines[end]?.startsWith('|')) end += 1;
      lines.splice(end, 0, `| \`/${name}\` | ${title} | ${name} | (say what this page is for) |`);
      return lines.join('\n');
    },
  };
  for (const [path, change] of Object.entries(changes)) write(path, change(read(path)));
  return [...Object.keys(files).map((path) => `remote-${name}/${path}`), ...Object.keys(changes)];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { port: { type: 'string' }, title: { type: 'string' } },
  });
  const [name] = positionals;
  if (!name) {
    console.error('Usage: node scripts/new-remote.mjs <name> [--port 3005] [--title "Rewards"]');
    process.exit(2);
  }
  const root = fileURLToPath(new URL('../', import.meta.url));
  const taken = [
    ...readFileSync(join(root, 'server/src/apps.mjs'), 'utf8').matchAll(/defaultPort: (\d+)/g),
  ]
    .map((m) => Number(m[1]))
    .filter((p) => p < 4000);
  const port = values.port ? Number(values.port) : Math.max(...taken) + 1;
  const written = generateRemote({
    root,
    name,
    port,
    ...(values.title && { title: values.title }),
  });
  // In the repository's style, as `npm run format` would leave them.
  const prettier = await import('prettier');
  for (const path of written) {
    const file = join(root, path);
    const options = (await prettier.resolveConfig(file)) ?? {};
    writeFileSync(
      file,
      await prettier.format(readFileSync(file, 'utf8'), { ...options, filepath: file }),
    );
  }
  console.log(`remote-${name} on port ${port}:\n${written.map((path) => `  ${path}`).join('\n')}`);
  console.log(
    'Next: node scripts/pnpm.mjs install, then npm test and npm start (open /' +
      name +
      '). By hand: a service in docker-compose.yml and the port in .ci/run.',
  );
}
