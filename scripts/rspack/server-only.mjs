// Stands in for `cookie` and `set-cookie-parser` in browser builds. React Router bundles them for
// its server APIs only (createCookie, document headers of server rendering), which a browser never
// calls; sharing react-router whole would otherwise ship ~5 KB gzip of dead code to every visitor.
const serverOnly = (name) => () => {
  throw new Error(`${name} is server-only and not part of the browser build`);
};
export const parse = serverOnly('cookie.parse');
export const serialize = serverOnly('cookie.serialize');
export const splitCookiesString = serverOnly('set-cookie-parser.splitCookiesString');
export default { parse, serialize, splitCookiesString };
