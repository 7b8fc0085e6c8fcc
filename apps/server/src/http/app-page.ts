import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { SESSION_COOKIE } from '@mutua/contracts/auth';
import { PAGE_ANSWER_PATHS, VAUTH_COOKIE } from '@mutua/contracts/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionStore } from '../core/session-store';
import { metrics } from '../lib/metrics';
import { escapeHtml } from './html';

/**
 * The member portal's page (the web build's index.html), sent with the answers of the GETs every start
 * of the SPA makes first — `/api/init`, `/api/heartbeat`, `/api/consent` and, signed in,
 * `/api/all-info` — and, for the pages the SPA's server render knows (home), painted: on a
 * phone, each round trip and each second of script before home paints is felt).
 *
 * The answers are those the routes give the browser — asked of them here with the visitor's own
 * headers, cookies and address (`app.inject`), their cookies passed on — so access control, audit and
 * shapes stay the routes'. The SPA uses each once, at start-up (apps/web/src/lib/page-answers.ts), and
 * hydrates a painted page from the same answers (apps/web/src/app/start-up.ts).
 *
 * The page then depends on the visitor: `no-store`, compressed for each answer.
 */
export type AppPageDeps = {
  /** The web build's dist: index.html (with its `<!--mutua:…-->` markers) and the build manifest. */
  dist: string;
  /** The server render's module (apps/web/dist-ssr/entry-server.js); missing: the browser renders. */
  renderModule: string;
  sessions: SessionStore;
  /**
   * True while the database has a queue (or the instance sheds): the page then goes at once without
   * its answers — the same for everyone, made once — and the SPA asks for them, tried again after the
   * delay if shed. Default: never.
   */
  saturated?: () => boolean;
  /**
   * Pages painted at once at most (default 4): beyond, or while the event loop is busy, a page goes
   * unpainted — the browser renders it — rather than wait behind the others (a render takes the
   * process ~13 ms). Under load the instance stays quick; the page is a little later to show, never
   * later to arrive.
   */
  paintingLimit?: number;
  /** The event loop's delay (90th percentile over half a second, ms) above which pages go unpainted (default 40). */
  busyDelayMs?: number;
};

/** What apps/web/src/entry-server.tsx exports. */
type ServerRender = {
  SERVER_RENDERED: Readonly<Record<string, readonly string[]>>;
  /** Per page, modules it shows painted without their script (only their style sheets are linked). */
  PAINTED_STYLES?: Readonly<Record<string, readonly string[]>>;
  render(request: { url: string; cookies: string; answers: Record<string, unknown> }): Promise<{ html: string; title: string } | null>;
};

/** Headers of the page's request the carried calls keep: the visitor's, minus what only fits the page. */
const DROPPED_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'authorization',
  'content-length',
  'content-type',
  'connection',
  'if-none-match',
  'if-modified-since',
  'upgrade-insecure-requests',
]);
const ROOT = /<!--mutua:root-->[\s\S]*<!--\/mutua:root-->/;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** A page painted by the server: its HTML, and the files of its screens beyond the SPA's entry. */
export type Painted = { html: string; title: string; styles: readonly string[]; scripts: readonly string[] };

/** The page: the answers in a JSON data block (not a script: the CSP's no-inline rule holds), maybe painted. */
export function renderAppPage(template: string, answers: Record<string, unknown>, painted?: Painted): string {
  // `<` escaped: no answer can close the element, whatever text it holds.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const element = Object.keys(answers).length ? `<script type="application/json" id="mutua-answers">${json(answers)}</script>` : '';
  // Replaced by functions: a `$` in an answer is text, not a replacement pattern.
  if (!painted) return template.replace('<!--mutua:answers-->', () => element);
  // Painted, the page needs its style sheets, not its scripts, to show: the scripts are asked for once
  // it has painted (public/hydrate.js), and do not share a slow network with what it shows.
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  // The entry's static imports (its vendor chunks) are run one by one before it, each in a task of its
  // own; the screens are only asked for early: the entry imports them.
  const imports = [...template.matchAll(PRELOAD)].map((match) => match[1]!);
  const styles = painted.styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`).join('');
  const files = { entry, imports, screens: painted.scripts };
  const scripts = `<script type="application/json" id="mutua-scripts">${json(files)}</script><script src="/hydrate.js" defer></script>`;
  return (
    template
      .replace(ENTRY_SCRIPT, '')
      .replace(PRELOAD, '')
      // After the entry's own style sheet (Mantine's base): a screen's styles win the ties, as in the SPA.
      .replace('</head>', () => `${styles}</head>`)
      .replace('<!--mutua:answers-->', () => element + scripts)
      // The start-up loader's markup gives way to the page; `data-rendered` tells the SPA to hydrate it.
      .replace(ROOT, () => painted.html)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(painted.title)}</title>`)
      .replace('<div id="root">', '<div id="root" data-rendered="server">')
  );
}

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The scripts and style sheets of `sources` (and what they import) the page does not link already. */
export function filesOf(manifest: Manifest, sources: readonly string[]): { scripts: string[]; styles: string[] } {
  const entry = manifest['index.html'];
  const loaded = new Set(['index.html', ...(entry?.imports ?? [])]);
  const scripts = new Set<string>();
  const styles = new Set<string>(entry?.css ?? []);
  const own = new Set(styles);
  const visit = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(css);
    chunk.imports?.forEach(visit);
  };
  sources.forEach(visit);
  return { scripts: [...scripts], styles: [...styles].filter((css) => !own.has(css)).map((css) => `/${css}`) };
}

export async function appPage(app: FastifyInstance, deps: AppPageDeps) {
  const template = readFileSync(path.join(deps.dist, 'index.html'), 'utf8');
  // A build without the placeholders (an older one) gets its page as it is: the SPA asks for everything.
  const ssr = existsSync(deps.renderModule) && ROOT.test(template) ? ((await import(pathToFileURL(deps.renderModule).href)) as ServerRender) : null;
  const manifestPath = path.join(deps.dist, '.vite/manifest.json');
  const manifest = ssr && existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : null;
  // The files a painted page adds to the SPA's entry: its screens' style sheets and scripts.
  const files = new Map(
    Object.entries(ssr && manifest ? ssr.SERVER_RENDERED : {}).map(([pathname, sources]) => {
      const own = filesOf(manifest!, sources);
      const shown = filesOf(manifest!, ssr!.PAINTED_STYLES?.[pathname] ?? []).styles;
      return [pathname, { scripts: own.scripts, styles: [...new Set([...own.styles, ...shown])] }];
    }),
  );
  // Without answers the page is the same for everyone: made and compressed once.
  const plain = compressed(renderAppPage(template, {}));

  const ask = (request: FastifyRequest, url: string) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined && !DROPPED_HEADERS.has(name)) headers[name] = value;
    headers.accept = 'application/json';
    return app.inject({ method: 'GET', url: `/api${url}`, headers, remoteAddress: request.socket.remoteAddress ?? request.ip });
  };

  /** The answers for this visitor: only 200s (any other outcome is left to the SPA's own call). */
  async function answersFor(request: FastifyRequest, reply: FastifyReply): Promise<Record<string, unknown> | null> {
    const cookie = request.cookies[SESSION_COOKIE];
    let signedIn = false;
    if (cookie) {
      // An ended or expired session: the SPA meets it on its own calls, as it always has (the notice, the
      // cookies cleared), so the page carries nothing.
      const resolved = await deps.sessions.resolve(cookie);
      if (resolved.kind !== 'active') return null;
      signedIn = request.cookies[VAUTH_COOKIE] === 'true';
    }
    const paths = PAGE_ANSWER_PATHS.filter((p) => p !== '/all-info' || signedIn);
    const responses = await Promise.all(paths.map((p) => ask(request, p)));
    // The anti-forgery cookie /init sets (and any other a route sets) reaches the browser as theirs would.
    const cookies = responses.flatMap((response) => response.headers['set-cookie'] ?? []);
    if (cookies.length) reply.header('set-cookie', cookies);
    const answers: Record<string, unknown> = {};
    responses.forEach((response, i) => {
      if (response.statusCode === 200) answers[paths[i]!] = response.json();
    });
    return answers;
  }

  const paintingLimit = deps.paintingLimit ?? 4;
  let painting = 0;
  // Painting takes the event loop (~13 ms a page), which every other request shares: while work
  // queued on it (its delay over the last half second above busyDelayMs), pages go unpainted, and
  // the instance keeps up. One visitor after another never queues: their pages are painted.
  const busyDelayMs = deps.busyDelayMs ?? 40;
  let busy = false;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const watch = setInterval(() => {
    busy = delay.percentile(90) / 1e6 > busyDelayMs;
    delay.reset();
  }, 500);
  watch.unref();
  app.addHook('onClose', async () => {
    clearInterval(watch);
    delay.disable();
  });

  /** Home, painted by the SPA's own render; undefined when the browser renders (another page, a guard rule, a busy server…). */
  async function paint(request: FastifyRequest, answers: Record<string, unknown>): Promise<Painted | undefined> {
    const own = files.get(request.url.split('?')[0]!);
    if (!ssr || !own) return undefined;
    try {
      const url = `http://${request.headers.host ?? 'localhost'}${request.url}`;
      const rendered = await ssr.render({ url, cookies: request.headers.cookie ?? '', answers });
      return rendered === null ? undefined : { ...rendered, ...own };
    } catch (error) {
      // The browser renders it: a painted page is a gain, never a condition.
      request.log.error({ err: error }, 'app page: the server render failed');
      return undefined;
    }
  }

  return async function send(request: FastifyRequest, reply: FastifyReply) {
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    let body: string | Buffer = encoding ? plain[encoding] : plain.html;
    const carried = !deps.saturated?.();
    // A slot from the start (the answers are most of the wait): past the limit, the page goes unpainted.
    const slot = carried && files.has(request.url.split('?')[0]!) && painting < paintingLimit && !busy;
    if (slot) painting++;
    let painted = false;
    try {
      const answers = carried ? await answersFor(request, reply) : null;
      if (answers && Object.keys(answers).length) {
        const own = slot ? await paint(request, answers) : undefined;
        painted = own !== undefined;
        const html = renderAppPage(template, answers, own);
        // Made for this visitor: compressed once, in the encoding asked (brotli 5: a few milliseconds).
        body =
          encoding === 'br'
            ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
            : encoding === 'gzip'
              ? gzipSync(html, { level: 6 })
              : html;
      }
    } catch (error) {
      // The page still goes: the SPA asks for what it lacks.
      request.log.warn({ err: error }, 'app page: the start-up answers could not be made');
    } finally {
      if (slot) painting--;
    }
    // Unpainted: a page the server render does not know, or one it skipped (saturated, busy, at its limit, failed).
    metrics.pages.inc({ outcome: painted ? 'painted' : 'unpainted' });
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').header('vary', 'Accept-Encoding, Cookie');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  };
}

/** The page without answers, the same for everyone: compressed once, at the highest levels. */
function compressed(html: string): { html: string; br: Buffer; gzip: Buffer } {
  return { html, br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), gzip: gzipSync(html, { level: 9 }) };
}
