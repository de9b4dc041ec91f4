// What ShambaSoko uses of react-router(-dom). Every app provides this module as the shared
// singleton "react-router" and "react-router-dom": one router on the page, tree-shaken to these
// exports instead of the whole library. facades.test.ts fails if code imports anything not listed.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchPath,
  matchRoutes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'shambasoko-full-react-router';
