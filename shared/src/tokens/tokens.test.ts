import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { tokens } from './tokens';

/** The custom properties of tokens.css, by name without the `--ht-` prefix. */
const cssVariables = new Map(
  Array.from(
    readFileSync(join(__dirname, 'tokens.css'), 'utf8').matchAll(/--ht-([\w-]+):\s*([^;]+);/g),
    ([, name, value]) => [name!, value!.trim()],
  ),
);
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe('design tokens', () => {
  it.each([
    ...Object.entries(tokens.color).map(([name, value]) => [kebab(name), value]),
    ...Object.entries(tokens.font).map(([name, value]) => [`font-${name}`, value]),
    ...Object.entries(tokens.radius).map(([name, value]) => [`radius-${name}`, value]),
  ])('tokens.css --ht-%s mirrors tokens.ts (%s)', (name, value) => {
    expect(cssVariables.get(name)).toBe(value);
  });

  it('uses the carousel breakpoint (768 px) as md', () => {
    expect(tokens.breakpoint.md).toBe(768);
  });
});
