import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { AuthNav } from '../features/auth/AuthNav';
import { authText } from '../i18n/auth';
import { es } from '../i18n/es';
import { examText } from '../i18n/exam';
import { studyText } from '../i18n/study';
import { tutoringText } from '../i18n/tutoring';
import { ConsentBanner } from './ConsentBanner';
import { LoadingOverlay } from './LoadingOverlay';
import { RouteEffects } from './RouteEffects';
import { SiteFooter } from './SiteFooter';
import { useAppStore } from './store';
import { Toasts } from './toasts';

/** Links of the signed-in student, in menu order. Features add theirs here when their screen exists. */
const studentLinks: { to: string; label: string }[] = [
  { to: '/centro-estudio', label: studyText.nav.studyCenter },
  { to: '/centro-estudio/ensayos', label: examText.nav },
  { to: '/centro-estudio/tutorias', label: tutoringText.nav },
];

/**
 * The logo of public/favicon.svg, inline: as an <img> it was a request made only once React had
 * rendered, which Lighthouse counts before the largest paint (issue 15).
 */
function BrandMark() {
  return (
    <svg viewBox="0 0 64 64" width={28} height={28} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1d3f8f" />
      <path
        d="M18 44V20h14a10 10 0 0 1 0 20h-7v4z"
        fill="none"
        stroke="#ffd24a"
        strokeWidth="6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The frame of every page: the analytics consent banner (when analytics is configured), header,
 * main content, footer, toasts, the loading overlay and the route effects.
 */
export function AppShell() {
  return (
    <>
      <a className="skip-link" href="#contenido">
        {es.app.skipToContent}
      </a>
      <ConsentBanner />
      <header className="site-header">
        <Link to="/" className="site-header__brand">
          <BrandMark />
          <span>{es.app.name}</span>
        </Link>
        <SiteNav />
      </header>
      <main id="contenido" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <RouteEffects />
      <Toasts />
      <LoadingOverlay />
    </>
  );
}

/** The menu: inline on wide screens, behind a "Menú" button on phones (closed again on navigation). */
function SiteNav() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every navigation is the point.
  useEffect(() => setOpen(false), [pathname]);
  return (
    <>
      <button
        type="button"
        className="site-nav__toggle"
        aria-expanded={open}
        aria-controls="menu-principal"
        onClick={() => setOpen((value) => !value)}
      >
        {open ? authText.nav.closeMenu : authText.nav.openMenu}
      </button>
      <nav
        id="menu-principal"
        className={`site-nav${open ? ' site-nav--open' : ''}`}
        aria-label={authText.nav.menu}
      >
        <StudentLinks />
        <AuthNav />
      </nav>
    </>
  );
}

function StudentLinks() {
  const isSigned = useAppStore((state) => state.auth.isSigned);
  if (!isSigned) return null;
  return studentLinks.map((link) => (
    <NavLink key={link.to} to={link.to} end>
      {link.label}
    </NavLink>
  ));
}
