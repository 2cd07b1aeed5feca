// Stands in for a stylesheet in the Node build of first-screen snapshots (prerender.mjs): the
// browser build serves the CSS; rendering markup in Node needs none of it.
module.exports = function emptyModule() {
  return 'export {};';
};
