import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { PageMeta, RouteHandle } from '../../app/pageMeta';
import { privacyNotice, termsOfService } from '../../i18n/legal';
import { publicText } from '../../i18n/public';
import { ContactPage } from './ContactPage';
import { HomePage } from './HomePage';
import { LandingPage, type LandingVariant } from './LandingPage';
import { LegalPage } from './LegalPage';

const handle = (meta: Omit<PageMeta, 'public'>): RouteHandle => ({ meta: { ...meta, public: true } });

const LANDINGS: { path: string; variant: LandingVariant }[] = [
  { path: '/landing/registro', variant: 'registro' },
  { path: '/landing/registro-ensayo', variant: 'registroEnsayo' },
  { path: '/landing/preparate-paes', variant: 'preparatePaes' },
];

/**
 * The public pages this feature owns. They render without waiting for the session check (no
 * guard). The pricing page (/planes-y-precios) belongs to the subscription feature.
 */
export function publicRoutes({
  signUpForm,
}: {
  signUpForm: (submitLabel: string) => ReactNode;
}): RouteObject[] {
  return [
    { path: '/', handle: handle(publicText.home.meta), element: <HomePage /> },
    ...LANDINGS.map(({ path, variant }) => ({
      path,
      handle: handle(publicText.landings[variant].meta),
      element: <LandingPage variant={variant} signUpForm={signUpForm} />,
    })),
    {
      path: '/legal/terminos-y-condiciones',
      handle: handle({ title: termsOfService.title, description: termsOfService.description }),
      element: <LegalPage document={termsOfService} />,
    },
    {
      path: '/legal/aviso-de-privacidad',
      handle: handle({ title: privacyNotice.title, description: privacyNotice.description }),
      element: <LegalPage document={privacyNotice} />,
    },
    { path: '/contacto', handle: handle(publicText.contact.meta), element: <ContactPage /> },
  ];
}
