import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react';
import { es } from '../i18n/es';
import { PagePending } from './guards';

/** A page whose code did not arrive (offline, or a new deploy replaced the file): reload to retry. */
function PageLoadFailed() {
  return (
    <section className="page page--narrow" role="alert">
      <p>{es.app.pageLoadError}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {es.app.retry}
      </button>
    </section>
  );
}

/**
 * A page (or a part of one) whose code is a chunk of its own, downloaded when it is first shown
 * instead of with the first page of the site (issue 15). `preload()` starts the download early;
 * the session guards call it while the check runs, so the two overlap.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component, its props are taken from it.
export function lazyPage<C extends ComponentType<any>>(load: () => Promise<C>) {
  let loading: Promise<{ default: ComponentType<ComponentProps<C>> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.error('A page could not be loaded', error);
        return { default: PageLoadFailed };
      },
    );
    return loading;
  };
  const Page = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module level, as React.lazy is.
  function LazyPage(props: ComponentProps<C>) {
    return (
      <Suspense fallback={<PagePending />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { preload });
}
