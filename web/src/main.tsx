import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureApiClient } from './api/client';
import { configureAmplify } from './app/amplify';
import { configureAnalytics } from './app/analytics';
import { loadRuntimeConfig, setActiveConfig } from './app/config';
import { createAppRouter } from './app/router';
import { checkSession } from './features/auth/service';
import { es } from './i18n/es';
import './app/styles.css';

const root = createRoot(document.getElementById('root') as HTMLElement);

async function start() {
  try {
    const config = await loadRuntimeConfig();
    setActiveConfig(config);
    configureAnalytics(config);
    configureAmplify(config);
    configureApiClient(config);
    void checkSession();
    root.render(
      <StrictMode>
        <RouterProvider router={createAppRouter()} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('The app could not start', error);
    root.render(
      <main className="page page--narrow" role="alert">
        <p>{es.app.configError}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {es.app.retry}
        </button>
      </main>,
    );
  }
}

void start();
