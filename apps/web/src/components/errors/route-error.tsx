import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';

/** Router errorElement: logs the failure and shows the error screen. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failure', error);
  }, [error]);
  return <ErrorScreen />;
}
