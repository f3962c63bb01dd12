import { Link } from 'react-router';
import { AuthCard } from '../../app/ui/AuthCard';
import { authText } from '../../i18n/auth';
import { SignUpForm } from './SignUpForm';

export function SignUpPage() {
  return (
    <AuthCard title={authText.signUp.title} intro={authText.signUp.intro}>
      <SignUpForm />
      <p className="form__footer">
        {authText.signUp.haveAccount} <Link to="/inicio-sesion">{authText.signUp.signInLink}</Link>
      </p>
    </AuthCard>
  );
}
