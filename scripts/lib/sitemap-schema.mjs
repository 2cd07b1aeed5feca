// Checks a sitemap or sitemap index against the sitemaps.org protocol's rules (the schemas in
// sitemaps/), with libxml2's validator (xmllint-wasm: libxml2 in WebAssembly, nothing to install on
// the machine). For the tests of the host's sitemap and the browser suite's check of the live one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

const schemas = {
  urlset: readFileSync(join(import.meta.dirname, 'sitemaps/sitemap.xsd'), 'utf8'),
  sitemapindex: readFileSync(join(import.meta.dirname, 'sitemaps/siteindex.xsd'), 'utf8'),
};

/**
 * The problems libxml2 finds in `xml` against the schema of its root element (a `<urlset>` or a
 * `<sitemapindex>`); empty when it is valid.
 * @param {string} xml
 * @returns {Promise<string[]>}
 */
export async function sitemapProblems(xml) {
  const root = /<(urlset|sitemapindex)[\s>]/.exec(xml)?.[1];
  if (!root) return ['neither a <urlset> nor a <sitemapindex>'];
  const result = await validateXML({
    xml: [{ fileName: 'sitemap.xml', contents: xml }],
    schema: [{ fileName: `${root}.xsd`, contents: schemas[root] }],
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage ?? String(error));
}
