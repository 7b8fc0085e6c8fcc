import { useInputState } from '@mantine/hooks';
import { Button, Container, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TConsentState } from '@mutua/contracts/consent';
import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Form } from '../../../components/form';
import { closeCookieSettings } from '../../../lib/cookie-settings';
import { saveConsent } from '../api/consent';
import classes from './cookie-consent.module.css';

type Choice = { analytics: boolean };

/** The purposes one by one: necessary (always on) and audience measurement. */
function ChoicesForm({
  initial,
  saving,
  focusFirst,
  onSave,
  onClose,
}: {
  initial: boolean;
  saving: boolean;
  focusFirst: boolean;
  onSave: (c: Choice) => void;
  onClose?: () => void;
}) {
  const [analytics, setAnalytics] = useInputState(initial);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!focusFirst) return;
    first.current?.scrollIntoView({ block: 'center' });
    first.current?.focus();
  }, [focusFirst]);
  return (
    <Form
      className={classes.actions}
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ analytics });
      }}
    >
      <fieldset className={classes.choices}>
        <legend>
          <VisuallyHidden>Vos choix de cookies</VisuallyHidden>
        </legend>
        <label className={classes.choice}>
          <input type="checkbox" checked disabled />
          <span>
            <strong>Cookies nécessaires</strong> (connexion, sécurité, vos choix)&nbsp;: toujours actifs.
          </span>
        </label>
        <label className={classes.choice}>
          <input ref={first} type="checkbox" checked={analytics} onChange={setAnalytics} />
          <span>
            <strong>Mesure d’audience</strong>&nbsp;: statistiques anonymes de visite pour améliorer l’espace.
          </span>
        </label>
      </fieldset>
      <Button type="submit" loading={saving}>
        Enregistrer mes choix
      </Button>
      {onClose && (
        <Button variant="default" onClick={onClose}>
          Fermer
        </Button>
      )}
    </Form>
  );
}

/** While the banner shows, the page ends with room for it (it is fixed over the bottom of the window). */
function useRoomBelowPage(banner: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = banner.current;
    if (!element) return;
    const fit = () => document.body.style.setProperty('padding-bottom', `${element.offsetHeight}px`);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.body.style.removeProperty('padding-bottom');
    };
  }, [banner]);
}

/**
 * The banner itself (loaded when it shows: most pages have a visitor who chose already): accept,
 * refuse, or choose per purpose; `settingsOpen` when the footer's « Gestion des cookies » opened it again.
 */
export default function CookieBanner({
  state,
  settingsOpen,
  onSaved,
}: {
  state: TConsentState;
  settingsOpen: boolean;
  onSaved: (next: TConsentState) => void;
}) {
  const [saving, setSaving] = useState<Choice | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const [customising, setCustomising] = useState(false);
  const headingId = useId();
  const banner = useRef<HTMLElement>(null);
  useRoomBelowPage(banner);

  const done = () => {
    setCustomising(false);
    closeCookieSettings();
  };
  const decide = (choice: Choice) => {
    setSaving(choice);
    setSaveFailed(false);
    saveConsent(choice).then(
      (next) => {
        setSaving(null);
        onSaved(next);
        done();
      },
      () => {
        setSaving(null);
        setSaveFailed(true);
      },
    );
  };

  return (
    <section ref={banner} className={classes.banner} aria-labelledby={headingId} data-testid="cookie-consent">
      <Container size="lg" className={classes.inner}>
        <div className={classes.text}>
          <Title order={2} size="h4" id={headingId} className={classes.title}>
            Gestion des cookies
          </Title>
          <Text size="sm" mt={4} className={classes.explanation}>
            Nous utilisons des cookies nécessaires au fonctionnement de votre espace et, avec votre accord, de mesure d’audience. Changez d’avis à tout
            moment&nbsp;: «&nbsp;Gestion des cookies&nbsp;», en bas de page.
          </Text>
          {state.choice && (
            <Text size="sm" mt={4} data-testid="cookie-current-choice">
              Votre choix actuel&nbsp;: mesure d’audience {state.choice.analytics ? 'acceptée' : 'refusée'}.
            </Text>
          )}
        </div>
        {customising || settingsOpen ? (
          <ChoicesForm
            initial={state.choice?.analytics ?? false}
            saving={saving !== null}
            focusFirst={settingsOpen}
            onSave={decide}
            {...(settingsOpen && { onClose: done })}
          />
        ) : (
          <div className={classes.actions}>
            <Button onClick={() => decide({ analytics: true })} loading={saving?.analytics === true}>
              Tout accepter
            </Button>
            <Button onClick={() => decide({ analytics: false })} loading={saving?.analytics === false}>
              Tout refuser
            </Button>
            <Button variant="default" onClick={() => setCustomising(true)}>
              Personnaliser
            </Button>
          </div>
        )}
        {saveFailed && (
          <Text size="sm" c="red.8" role="alert" style={{ flexBasis: '100%' }}>
            Votre choix n’a pas pu être enregistré. Veuillez réessayer.
          </Text>
        )}
      </Container>
    </section>
  );
}
