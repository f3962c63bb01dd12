/** The web app served locally: Vite's dev server, or `vite preview` of the production build. */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createServer, type Plugin, preview } from 'vite';

const configFile = path.resolve(import.meta.dirname, '../../web/vite.config.ts');

/** Serves `/config.json` from the running stack, as CloudFront serves the deployed one. */
function runtimeConfigPlugin(runtimeConfig: () => unknown): Plugin {
  const middleware = (req: { url?: string }, res: import('node:http').ServerResponse, next: () => void) => {
    if (req.url?.split('?')[0] !== '/config.json') return next();
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(runtimeConfig()));
  };
  return {
    name: 'local-runtime-config',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
}

export async function startLocalWeb(options: {
  mode: 'dev' | 'preview';
  port: number;
  host?: string;
  runtimeConfig: () => unknown;
  /** preview only: serve this build instead of web/dist (the benchmark builds into a directory of its own). */
  outDir?: string;
}): Promise<{ url: string; close(): Promise<void> }> {
  const host = options.host ?? '127.0.0.1';
  const plugins = [runtimeConfigPlugin(options.runtimeConfig)];
  if (options.mode === 'preview') {
    const server = await preview({
      configFile,
      plugins,
      ...(options.outDir ? { build: { outDir: options.outDir } } : {}),
      preview: { port: options.port, host, strictPort: true },
    });
    const port = (server.httpServer.address() as AddressInfo).port;
    return { url: `http://${host}:${port}`, close: () => server.close() };
  }
  const server = await createServer({
    configFile,
    plugins,
    server: { port: options.port, host, strictPort: true },
    clearScreen: false,
    logLevel: 'warn',
  });
  await server.listen();
  const address = server.httpServer?.address() as AddressInfo | null | undefined;
  if (!address) throw new Error('The Vite dev server did not start listening');
  const port = address.port;
  return { url: `http://${host}:${port}`, close: () => server.close() };
}
