import { Link } from 'react-router';
import { es } from '../i18n/es';

/** The footer of every page: what the site is, its public pages and the legal texts. */
export function SiteFooter() {
  const t = es.footer;
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
          </ul>
        </nav>
      </div>
      <p className="site-footer__fine">
        {t.rights(new Date().getFullYear())}. {t.disclaimer}
      </p>
    </footer>
  );
}
