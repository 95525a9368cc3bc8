import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router';

/** The browser router is created once, when the site is open (status 0). */
export const AppRouter = () => {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
};
