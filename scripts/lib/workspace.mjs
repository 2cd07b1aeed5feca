// The workspace's packages, as pnpm-workspace.yaml lists them (a `*` in an entry matches folder
// names: `remote-*` is every remote).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The package folders of the workspace, in the order pnpm-workspace.yaml lists them, with their
 * package.json.
 * @param {string} root
 * @returns {{ dir: string, pkg: { name: string, scripts?: Record<string, string> } }[]}
 */
export function workspacePackages(root) {
  const entries = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8')
    .split('\n')
    .map((line) => /^\s+-\s+['"]?([\w@./*-]+)['"]?\s*$/.exec(line)?.[1])
    .filter((entry) => entry !== undefined);
  const folders = entries.flatMap((entry) => {
    if (!entry.includes('*')) return [entry];
    const pattern = new RegExp(`^${entry.split('*').map(escape).join('[^/]*')}$`);
    return readdirSync(root, { withFileTypes: true })
      .filter((item) => item.isDirectory() && pattern.test(item.name))
      .map((item) => item.name)
      .sort();
  });
  return folders
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => ({
      dir,
      pkg: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')),
    }));
}

/** @param {string} text */
const escape = (text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
