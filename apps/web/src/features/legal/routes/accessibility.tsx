import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAccessState } from '../../../lib/access-store';
import { isLoggedIn } from '../../../lib/cookies';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';

/** When this statement was written (and our own checks last reviewed): change it with the text. */
const STATEMENT_DATE = '2026-11-23';

/**
 * Route `accessibilite` (public): the accessibility statement of RGAA 4.1. No external
 * audit has been made, so the only lawful state is « non conforme »; the statement says what our
 * own checks measure and nothing more.
 */
export function Component() {
  const brand = useAccessState((s) => s.brand?.name ?? 'notre mutuelle');
  const signedIn = isLoggedIn();
  return (
    <Stack component="article" gap="lg" maw="46rem">
      <Title order={1}>Déclaration d’accessibilité</Title>
      <Text>
        {brand} s’engage à rendre son espace adhérent accessible conformément à l’article 47 de la loi n°&nbsp;2005-102 du 11 février 2005. Cette déclaration
        d’accessibilité s’applique à l’espace adhérent {brand}.
      </Text>

      <Stack component="section" gap="xs" aria-labelledby="a11y-state">
        <Title order={2} id="a11y-state">
          État de conformité
        </Title>
        <Text>
          L’espace adhérent {brand} est <strong>non conforme</strong> au référentiel général d’amélioration de l’accessibilité (RGAA), version 4.1&nbsp;: aucun
          audit de conformité n’a encore été réalisé.
        </Text>
      </Stack>

      <Stack component="section" gap="xs" aria-labelledby="a11y-results">
        <Title order={2} id="a11y-results">
          Résultats des tests
        </Title>
        <Text>
          Aucun audit n’a été mené par un organisme indépendant&nbsp;: nous ne pouvons donc pas indiquer de taux de critères du RGAA respectés. Notre équipe
          de développement vérifie elle-même, à chaque modification de l’espace adhérent&nbsp;:
        </Text>
        <List spacing="xs">
          <List.Item>
            des contrôles automatiques (axe-core avec toutes ses règles&nbsp;: WCAG 2.0, 2.1 et 2.2 de niveaux A et AA, et bonnes pratiques) sur chaque
            page et chaque fenêtre de dialogue, sur ordinateur (1&nbsp;280&nbsp;px) et sur téléphone (360&nbsp;px)&nbsp;;
          </List.Item>
          <List.Item>des parcours au clavier seul&nbsp;: connexion et code de vérification, accueil, remboursements et leur détail, demandes et réponses&nbsp;;</List.Item>
          <List.Item>l’affichage sur un écran de 360&nbsp;pixels de large, sans défilement horizontal.</List.Item>
        </List>
        <Text>Ces contrôles automatiques ne couvrent qu’une partie des critères du RGAA&nbsp;; ils ne remplacent pas un audit.</Text>
      </Stack>

      <Stack component="section" gap="xs" aria-labelledby="a11y-known">
        <Title order={2} id="a11y-known">
          Contenus non accessibles
        </Title>
        <Title order={3} size="h4">
          Non-conformités connues
        </Title>
        <List spacing="xs">
          <List.Item>
            Les décomptes de remboursement et les documents téléchargeables au format PDF ne sont pas balisés&nbsp;: une technologie d’assistance peut en lire le
            texte, mais pas la structure (titres, tableaux). Les mêmes montants sont affichés dans le détail de chaque remboursement.
          </List.Item>
          <List.Item>Sans audit, d’autres non-conformités peuvent exister&nbsp;: signalez-les-nous (voir ci-dessous).</List.Item>
        </List>
        <Title order={3} size="h4">
          Dérogations pour charge disproportionnée
        </Title>
        <Text>Aucune.</Text>
        <Title order={3} size="h4">
          Contenus non soumis à l’obligation d’accessibilité
        </Title>
        <Text>Aucun.</Text>
      </Stack>

      <Stack component="section" gap="xs" aria-labelledby="a11y-method">
        <Title order={2} id="a11y-method">
          Établissement de cette déclaration
        </Title>
        <Text>Cette déclaration a été établie le {formatDate(STATEMENT_DATE, 'long')}.</Text>
        <List spacing="xs">
          <List.Item>Technologies utilisées&nbsp;: HTML, CSS, JavaScript (React), WAI-ARIA, SVG.</List.Item>
          <List.Item>Environnement de test&nbsp;: navigateur Chromium, en 1&#8239;280 et 360&nbsp;pixels de large.</List.Item>
          <List.Item>Outils&nbsp;: axe-core, Playwright, navigation au clavier.</List.Item>
          <List.Item>
            Pages vérifiées&nbsp;: connexion, code de vérification, choix de l’adresse e-mail, création et activation de compte, mot de passe et identifiant
            oubliés, acceptation des conditions, validation des informations, accueil, remboursements et leur détail, demandes et nouvelle demande,
            informations légales, accessibilité, maintenance, page introuvable.
          </List.Item>
        </List>
      </Stack>

      <Stack component="section" gap="xs" aria-labelledby="a11y-contact">
        <Title order={2} id="a11y-contact">
          Retour d’information et contact
        </Title>
        <Text>
          Si vous n’arrivez pas à accéder à un contenu ou à un service, écrivez-nous pour signaler le problème et obtenir une alternative accessible&nbsp;: le
          contenu sous une autre forme, ou le service rendu autrement.
        </Text>
        {signedIn ? (
          <Text>
            <Anchor component={Link} to={paths.newRequest} td="underline">
              Nous écrire depuis votre espace (Nouvelle demande)
            </Anchor>
          </Text>
        ) : (
          <Text>
            Connectez-vous et écrivez-nous depuis «&nbsp;Nouvelle demande&nbsp;», ou utilisez les coordonnées de nos{' '}
            <Anchor component={Link} to="/legal-page/mentions-legales" td="underline">
              mentions légales
            </Anchor>
            .
          </Text>
        )}
      </Stack>

      <Stack component="section" gap="xs" aria-labelledby="a11y-remedies">
        <Title order={2} id="a11y-remedies">
          Voies de recours
        </Title>
        <Text>
          Si vous nous avez signalé un défaut d’accessibilité qui vous empêche d’accéder à un contenu ou à un service et que vous n’avez pas obtenu de
          réponse satisfaisante, vous pouvez&nbsp;:
        </Text>
        <List spacing="xs">
          <List.Item>
            <Anchor href="https://formulaire.defenseurdesdroits.fr/" td="underline">
              Écrire un message au Défenseur des droits (formulaire en ligne)
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor href="https://www.defenseurdesdroits.fr/carte-des-delegues" td="underline">
              Contacter le délégué du Défenseur des droits dans votre région
            </Anchor>
          </List.Item>
          <List.Item>
            Envoyer un courrier par la poste (gratuit, ne pas mettre de timbre)&nbsp;: Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.
          </List.Item>
        </List>
      </Stack>
    </Stack>
  );
}
