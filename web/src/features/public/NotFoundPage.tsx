import { Link } from 'react-router';
import { es } from '../../i18n/es';

export function NotFoundPage() {
  return (
    <section className="page page--narrow not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{es.notFound.title}</h1>
      <p>{es.notFound.body}</p>
      <Link className="button button--primary" to="/">
        {es.notFound.home}
      </Link>
    </section>
  );
}
