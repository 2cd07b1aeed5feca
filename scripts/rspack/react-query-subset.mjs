// The part of TanStack Query that the apps share. Every app's build resolves
// `@tanstack/react-query` to this module (create-app-config.mjs), so it is what the federation
// singleton of that name provides, and Rspack tree-shakes the library down to these names (a
// shared module is otherwise kept whole: 13.5 → 10.6 kB gzip on every page that reads data).
// Every app builds with this same list, so whichever app provides the singleton provides every
// name any app imports. As with React Router (react-router-subset.mjs), application code may import
// only these names (types are free): ESLint says so, and tests run on the whole package. Today
// only the data layer (@hypertek/shared/data) imports it, on the site's one QueryClient, without a
// provider.
//
// '@tanstack/react-query-build' is an alias for the package's own ES module build: it must not be
// named '@tanstack/react-query', which would make this module consume itself.
export { QueryCache, QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query-build';
