import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/pageMeta';
import { subscriptionText } from '../../i18n/subscription';
import { PricingPage } from './PricingPage';

/** The pricing page: public, so it renders without waiting for the session check (spec section 2). */
export const subscriptionRoutes: RouteObject[] = [
  {
    path: '/planes-y-precios',
    element: <PricingPage />,
    handle: {
      meta: {
        title: subscriptionText.meta.title,
        description: subscriptionText.meta.description,
        public: true,
      },
    } satisfies RouteHandle,
  },
];
