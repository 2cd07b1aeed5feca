// Lets Rspack drop the parts of React Router's production build that the shared subset
// (react-router-subset.mjs) does not export. The build creates its components and contexts at the
// top level (`var Form = React.forwardRef(…)`, `Form.displayName = "Form"`): calls and property
// writes that a minifier must keep, since it cannot know they do nothing else, so `Form`,
// `ScrollRestoration`, `HistoryRouter` and the like stayed in every page although nothing uses
// them. Marking those calls pure and leaving out the `displayName` lines (names for React's
// developer tools, which production never reads) makes them droppable when unused. Nothing that
// is used changes.
module.exports = function reactRouterPure(source) {
  let marked = 0;
  const result = source
    .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, () => {
      marked += 1;
      return '';
    })
    .replace(/= (React\d*\.(?:forwardRef|createContext|memo)\()/g, (_, call) => {
      marked += 1;
      return `= /* @__PURE__ */ ${call}`;
    });
  if (marked === 0 && source.includes('.displayName ='))
    this.emitWarning(
      new Error('react-router-pure-loader: nothing matched; has React Router changed its build?'),
    );
  return result;
};
