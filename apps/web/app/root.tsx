import { useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useMatches, useRouteError, type MetaFunction } from 'react-router';
import { events, journeyTypeOf } from '@andes/domain/analytics';
import { resolveMessage } from '@andes/domain/message-format';
import { fallbackMessages } from '@andes/domain/messages-fallback';
import { linkedTextFiles, messageGroups } from './lib/message-groups.ts';
import { pack } from './lib/packed-data.ts';
import { isSignedIn, pageTitle, useOptionalRootData, useRootData, useT, type LoaderArgs, type RootLoaderData } from './lib/root-data.ts';
import { configureRequest } from './lib/request.ts';
import { configureAnalytics, tagManagerScript, track } from './lib/analytics.ts';
import { ConsentBanner } from './features/shell/consent-banner.tsx';
import { Header } from './features/shell/header.tsx';
import { Footer } from './features/shell/footer.tsx';
import { Alerts, ErrorPopup, LoadingOverlay, SessionRestartModal } from './ui/overlays.tsx';
import './app.css';

export async function loader({ context }: LoaderArgs): Promise<RootLoaderData> {
  const res = await context.api<'POST /REST/profile/current'>('/REST/profile/current?sessionRestored=true', { method: 'POST' });
  return {
    market: pack(context.market),
    csrfToken: context.csrfToken,
    nonce: context.nonce,
    profile: res.body.profile ?? { securityStatus: 0, userType: 'new' },
    settings: context.settings,
  };
}

/** The shell's texts (header, footer, overlays, errors) come with the root on every page. */
export const handle = messageGroups('common');

/** Error pages (the 404 included) render the root's boundary, so only the root can title them. */
export const meta: MetaFunction = ({ matches, error }) => {
  if (!error) return [];
  const key = isNotFound(error) ? 'shell.notFound.title' : 'shell.error.title';
  // a failed root loader leaves no market: these texts are the same in both catalogues
  return matches.some((m) => m?.id === 'root' && m.data) ? pageTitle(matches, key) : [{ title: resolveMessage(fallbackMessages, key) }];
};

function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/** Sign-in and sign-out reload the page, so the root data never needs refetching on navigation. */
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useOptionalRootData();
  return (
    <html lang={data?.market.locale ?? 'es'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="data:," />
        {/* consent mode's defaults before anything else reads the dataLayer */}
        {data && <script nonce={data.nonce} dangerouslySetInnerHTML={{ __html: tagManagerScript(data.settings.gtmId) }} />}
        <Meta />
        <Links />
        <TextsPreload />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

/** The page's texts files, fetched beside its scripts: the browser reads them before hydrating (entry.client.tsx). */
function TextsPreload() {
  return linkedTextFiles(useMatches()).map((href) => <link key={href} rel="preload" as="fetch" crossOrigin="anonymous" href={href} data-route-texts="" />);
}

function Shell({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const t = useT();
  const location = useLocation();
  // set while rendering, not in an effect: the pages' own effects run before the shell's and track too
  configureAnalytics({ journeyType: journeyTypeOf(isSignedIn(data.profile)) });
  useEffect(() => {
    // browser tests wait for this before typing: input cleaning runs only once React is live
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useEffect(() => {
    configureRequest({ market: data.market, t });
  }, [data, t]);
  useEffect(() => {
    track(events.pageView(data.market.site, location.pathname, data.profile.userType));
  }, [data, location.pathname]);
  // a page embedded in another site (the claims book's iframe) shows without the shop's header and footer
  const bare = useMatches().some((m) => (m.handle as { bare?: boolean } | undefined)?.bare);
  return (
    <>
      <input type="hidden" id="f__key__" value={data.csrfToken} />
      {!bare && <Header />}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {!bare && <Footer />}
      <LoadingOverlay />
      <Alerts />
      <ErrorPopup />
      <SessionRestartModal />
      <ConsentBanner />
    </>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useOptionalRootData();
  if (!data) {
    // without root data the market is unknown; these texts are the same in both catalogues
    return (
      <main id="main">
        <h1>{resolveMessage(fallbackMessages, 'shell.error.title')}</h1>
        <p>{resolveMessage(fallbackMessages, 'shell.error.body')}</p>
      </main>
    );
  }
  return (
    <Shell>
      <ErrorContent notFound={isNotFound(error)} />
    </Shell>
  );
}

function ErrorContent({ notFound }: { notFound: boolean }) {
  const t = useT();
  return (
    <section className="page narrow">
      <h1>{t(notFound ? 'shell.notFound.title' : 'shell.error.title')}</h1>
      <p>{t(notFound ? 'shell.notFound.body' : 'shell.error.body')}</p>
      <a className="button" href="/">
        {t('shell.backHome')}
      </a>
    </section>
  );
}
