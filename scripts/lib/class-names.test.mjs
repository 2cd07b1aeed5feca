// One class-name convention in every app's CSS: an app prefix and kebab-case words
// (`mp-card-price`, `co-result-card-success`, `ui-item-card-action`), no BEM `__` / `--`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../../server/src/apps.mjs';

const cssFiles = execFileSync('git', ['ls-files', '*.css'], { cwd: repoRoot, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file.endsWith('.css'));

test('class names in our stylesheets are kebab-case, without BEM separators', () => {
  assert.ok(cssFiles.length > 5, 'the stylesheets are found');
  const offending = cssFiles.flatMap((file) => {
    const css = readFileSync(join(repoRoot, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    // Class selectors, not custom properties (`--ht-primary`) nor the toast library's classes.
    return [...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)]
      .map((match) => match[1])
      .filter((name) => !name.startsWith('Toastify') && /__|--|[A-Z_]/.test(name))
      .map((name) => `${file}: .${name}`);
  });
  assert.deepEqual([...new Set(offending)], []);
});
