// The part of React Router that the apps share. Every app's build resolves `react-router` to this
// module (create-app-config.mjs), so it is what the `react-router` federation singleton provides:
// its exports are all "used", and Rspack tree-shakes React Router down to them (a shared module is
// otherwise kept whole: 58 kB gzip instead of about 12.5). Every app builds with this same list,
// so whichever app provides the singleton provides every name any app imports.
//
// The declarative router only (BrowserRouter + useRoutes): the data router (createBrowserRouter,
// RouterProvider) alone would add about 17 kB gzip, and no app uses loaders or actions.
//
// Application code may import only these names from 'react-router' (types excepted): ESLint says
// so (eslint.config.js reads this list), so a missing name fails lint instead of being `undefined`
// at run time. Tests run on the real package and may import anything. To use another name, add it
// here; the host must be rebuilt with it, since the host's copy is the one the site uses.
//
// 'react-router-build' is an alias for React Router's own build (production or development): it
// must not be named 'react-router', which would make this module consume itself.
export {
  BrowserRouter,
  Link,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-build';
