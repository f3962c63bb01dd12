import { cpSync, createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { sitemapPlugin } from './build/sitemap';
import { socialDefaultsPlugin } from './build/socialDefaults';

const root = path.resolve(import.meta.dirname);
const contentImages = path.resolve(root, '../content/images');
/** The shared core (../core): imported as `@core/…`, like tsconfig.json's `paths`. */
const core = path.resolve(root, '../core');

/** Figures of lessons and questions live in content/images; the site serves them at /content/images. */
function contentImagesPlugin(): Plugin {
  return {
    name: 'content-images',
    configureServer(server) {
      server.middlewares.use('/content/images', (req, res, next) => {
        const file = path.join(contentImages, decodeURIComponent((req.url ?? '').split('?')[0] ?? ''));
        if (!file.startsWith(contentImages) || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('content-type', file.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    writeBundle(options) {
      cpSync(contentImages, path.join(options.dir ?? path.join(root, 'dist'), 'content/images'), {
        recursive: true,
      });
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), contentImagesPlugin(), sitemapPlugin(), socialDefaultsPlugin()],
  resolve: { alias: { '@core': core } },
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: { host: '127.0.0.1' },
});
