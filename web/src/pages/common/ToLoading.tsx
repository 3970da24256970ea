import { Navigate, useLocation } from 'react-router-dom';
import { loadingPathFor } from '@/router/names';

/** An unregistered /admin/* or /user/* path waits at the loading route, which knows it as JSON. */
export default function ToLoading() {
  const location = useLocation();
  return <Navigate to={loadingPathFor(location.pathname, location.search)} replace />;
}
