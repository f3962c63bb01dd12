import { Link } from 'react-router';
import { es } from '../i18n/es';
import { reopenConsent, useConsent } from './consent';

/**
 * The footer of every page: what the site is, its public pages, the legal texts and, when
 * analytics is configured, the way back to the cookie choice.
 */
export function SiteFooter() {
  const t = es.footer;
  const { available } = useConsent();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__brand">{es.app.name}</p>
          <p>{t.about}</p>
        </div>
        <nav aria-label={t.linksLabel}>
          <ul className="site-footer__links">
            <li>
              <Link to="/planes-y-precios">{t.pricing}</Link>
            </li>
            <li>
              <Link to="/contacto">{t.contact}</Link>
            </li>
            <li>
              <Link to="/legal/terminos-y-condiciones">{t.terms}</Link>
            </li>
            <li>
              <Link to="/legal/aviso-de-privacidad">{t.privacy}</Link>
            </li>
            {available && (
              <li>
                <button type="button" className="site-footer__button" onClick={reopenConsent}>
                  {t.cookiePreferences}
                </button>
              </li>
            )}
          </ul>
        </nav>
      </div>
      <p className="site-footer__fine">
        {t.rights(new Date().getFullYear())}. {t.disclaimer}
      </p>
    </footer>
  );
}
