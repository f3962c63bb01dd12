import { Link, useNavigate } from 'react-router';
import { useAppStore } from '../../app/store';
import { authText } from '../../i18n/auth';
import { signOutStudent } from './service';

/** The account links of the header: sign in / sign up, or account and sign out. */
export function AuthNav() {
  const isSigned = useAppStore((state) => state.auth.isSigned);
  const navigate = useNavigate();
  const t = authText.nav;

  if (!isSigned) {
    return (
      <>
        <Link to="/inicio-sesion">{t.signIn}</Link>
        <Link to="/registro" className="site-nav__cta">
          {t.signUp}
        </Link>
      </>
    );
  }
  return (
    <>
      <Link to="/centro-estudio/cuenta">{t.account}</Link>
      <button
        type="button"
        onClick={async () => {
          await signOutStudent();
          navigate('/inicio-sesion');
        }}
      >
        {t.signOut}
      </button>
    </>
  );
}
