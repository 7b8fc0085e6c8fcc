import type { TConsentChoice, TConsentState } from '@mutua/contracts/consent';
import { api } from '../lib/api-client';

/**
 * The cookie choices on the login page, as the SPA's CookieConsent asks them (same texts, same calls:
 * GET and POST /api/consent): shown when the visitor has not chosen yet, opened again from the footer.
 * This page itself sets no cookie but the necessary ones; the choice drives the SPA's audience
 * measurement afterwards.
 */
export function startConsent(doc: Document): void {
  const byId = <T extends HTMLElement>(id: string) => doc.getElementById(id) as T;
  const banner = byId<HTMLElement>('cookie-consent');
  const actions = byId<HTMLElement>('cookie-actions');
  const choices = byId<HTMLFormElement>('cookie-choices');
  const analytics = byId<HTMLInputElement>('cookie-analytics');
  const current = byId<HTMLElement>('cookie-current-choice');
  const close = byId<HTMLButtonElement>('cookie-close');
  const error = byId<HTMLElement>('cookie-error');
  const link = byId<HTMLAnchorElement>('cookie-settings-link');
  let state: TConsentState | null = null;
  let saving = false;

  /** Room below the page while the banner covers the bottom of the window. */
  const fit = () => (doc.body.style.paddingBottom = banner.hidden ? '' : `${banner.offsetHeight}px`);
  doc.defaultView?.addEventListener('resize', fit);

  function show(settings: boolean): void {
    if (!state) return;
    banner.hidden = false;
    current.hidden = !state.choice;
    if (state.choice) current.textContent = `Votre choix actuel\u00a0: mesure d’audience ${state.choice.analytics ? 'acceptée' : 'refusée'}.`;
    actions.hidden = settings;
    choices.hidden = !settings;
    close.hidden = !settings;
    error.hidden = true;
    analytics.checked = state.choice?.analytics ?? false;
    fit();
    if (settings) {
      analytics.scrollIntoView({ block: 'center' });
      analytics.focus();
    }
  }

  function hide(): void {
    banner.hidden = true;
    fit();
  }

  async function decide(choice: TConsentChoice): Promise<void> {
    if (saving) return;
    saving = true;
    error.hidden = true;
    try {
      state = await api.post<TConsentState>('/consent', choice);
      hide();
    } catch {
      error.hidden = false;
      fit();
    } finally {
      saving = false;
    }
  }

  for (const button of actions.querySelectorAll<HTMLButtonElement>('button[data-analytics]')) {
    button.addEventListener('click', () => void decide({ analytics: button.dataset.analytics === 'true' }));
  }
  byId('cookie-customise').addEventListener('click', () => show(true));
  choices.addEventListener('submit', (event) => {
    event.preventDefault();
    void decide({ analytics: analytics.checked });
  });
  close.addEventListener('click', () => {
    hide();
    link.focus();
  });
  link.addEventListener('click', (event) => {
    // Until the state is known the link leads to the portal's page that opens the choices.
    if (!state || state.backOffice) return;
    event.preventDefault();
    show(true);
  });

  // Unknown (network, 404): no banner, as in the SPA.
  api.get<TConsentState>('/consent').then(
    (answer) => {
      state = answer;
      if (!answer.backOffice && answer.choice === null) show(false);
    },
    () => {},
  );
}
