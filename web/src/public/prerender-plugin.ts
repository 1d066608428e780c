import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runnerImport, type Plugin, type PluginOption } from 'vite';
import type * as Prerender from './prerender';

const ROOT_ELEMENT = '<div id="root"></div>';
const NO_STYLES = '\0prerender-no-styles';

/** Stylesheets are the bundle's business: the markup only needs their imports to resolve. */
const ignoreStyles: Plugin = {
  name: 'freguesia-prerender-ignore-styles',
  enforce: 'pre',
  resolveId: (source) => (/\.css(\?|$)/.test(source) ? NO_STYLES : undefined),
  load: (id) => (id === NO_STYLES ? 'export default {};' : undefined),
};

const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;

/**
 * The page's stylesheets go into the HTML itself (the CSP allows inline styles): the first paint
 * then waits for no other request. Each link stays, `disabled`, so the browser fetches nothing but
 * Vite's loader, which looks for that link before loading a chunk's CSS, sees it as loaded.
 */
export function inlineStylesheets(html: string, outDir: string): string {
  return html.replace(STYLESHEET, (_link, href: string) => {
    const css = readFileSync(join(outDir, href), 'utf8');
    if (css.includes('</')) throw new Error(`${href} cannot be inlined`);
    return `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="${href}" disabled>`;
  });
}

/**
 * Build step: once the bundle is written, renders the public pages (src/public/prerender.tsx,
 * loaded through Vite so CSS imports and virtual modules resolve as in the app) and puts their
 * markup into `<div id="root">` of their HTML files (login.html, cadastro.html). A page that
 * cannot be prerendered fails the build rather than shipping an empty page.
 *
 * `plugins`: what the page modules need to load in Node (the theme template's virtual module).
 */
export function prerenderPublicPages(plugins: () => PluginOption[]): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'freguesia-prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const { module } = await runnerImport<typeof Prerender>(resolve(root, 'src/public/prerender.tsx'), {
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [ignoreStyles, ...plugins()],
      });
      for (const file of module.PRERENDERED_FILES) {
        const path = join(outDir, file);
        const html = readFileSync(path, 'utf8');
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`${file}: ${ROOT_ELEMENT} not found`);
        const page = html.replace(ROOT_ELEMENT, `<div id="root">${module.prerender(file)}</div>`);
        writeFileSync(path, inlineStylesheets(page, outDir));
      }
    },
  };
}
