import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { ACCESSIBILITY_AUDIT, AUDIT_SCOPES, RGAA_CRITERIA, auditSummary } from '@mutua/contracts/accessibility-audit';
import { useAccessState } from '../../../lib/access-store';
import { formatDate } from '../../../lib/format';
import { TitledSection } from '../../../components/titled-section';
import { AuditGrid } from '../components/audit-grid';
import { ReportProblemForm } from '../components/report-problem-form';

/**
 * Route `accessibilite` (public): the accessibility statement of RGAA 4.1. Its state and
 * rate come from the audit grid (contracts' accessibility-audit.ts), a self-assessment whose untested
 * criteria count as not met; the statement says what our own checks measure and nothing more.
 */
export function Component() {
  const brand = useAccessState((s) => s.brand?.name ?? 'notre mutuelle');
  const summary = auditSummary();
  const nonCompliant = RGAA_CRITERIA.filter((c) => c.result === 'NC');
  return (
    <Stack component="article" gap="lg" maw="46rem">
      <Title order={1}>Déclaration d’accessibilité</Title>
      <Text>
        {brand} s’engage à rendre son espace adhérent accessible conformément à l’article 47 de la loi n°&nbsp;2005-102 du 11 février 2005. Cette déclaration
        d’accessibilité s’applique à l’espace adhérent {brand}.
      </Text>

      <TitledSection title="État de conformité" gap="xs">
        <Text data-testid="a11y-state">
          L’espace adhérent {brand} est <strong>{summary.state}</strong> avec le référentiel général d’amélioration de l’accessibilité (RGAA), version 4.1, en
          raison des non-conformités et des critères non encore testés énumérés ci-dessous.
        </Text>
      </TitledSection>

      <TitledSection title="Résultats des tests" gap="xs">
        <Text>
          L’audit de conformité réalisé le {formatDate(ACCESSIBILITY_AUDIT.date, 'long')} ({ACCESSIBILITY_AUDIT.auditor.toLowerCase()}) révèle que{' '}
          <strong data-testid="a11y-rate">{summary.ratePercent}&nbsp;%</strong> des critères du RGAA 4.1 applicables sont respectés.
        </Text>
        <List spacing="xs">
          <List.Item>{summary.counts.C}&nbsp;critères conformes&nbsp;;</List.Item>
          <List.Item>{summary.counts.NC}&nbsp;critères non conformes&nbsp;;</List.Item>
          <List.Item>{summary.counts.NT}&nbsp;critères applicables non encore testés, comptés comme non respectés&nbsp;;</List.Item>
          <List.Item>{summary.counts.NA}&nbsp;critères non applicables (sur 106).</List.Item>
        </List>
        <Text>
          Le taux est le nombre de critères conformes divisé par le nombre de critères applicables ({summary.counts.C}&nbsp;sur {summary.applicable}). Un
          critère n’est déclaré conforme que lorsqu’un contrôle automatique exécuté à chaque modification le prouve, ou lorsque le code n’a qu’une source pour
          lui&nbsp;; ce qui demande un jugement humain (pertinence d’une alternative, d’un titre, d’un lien) reste «&nbsp;non testé&nbsp;» jusqu’à un audit par
          une personne.
        </Text>
        <Title order={3} size="h4">
          Grille d’audit
        </Title>
        {/* 106 criteria: the rate, the counts and the non-conformities above say what matters; the grid opens on demand. */}
        <details data-testid="a11y-grid">
          <summary style={{ cursor: 'pointer' }}>Afficher les 106&nbsp;critères, leur résultat, les pages auditées et la méthode</summary>
          <AuditGrid />
        </details>
      </TitledSection>

      <TitledSection title="Contenus non accessibles" gap="xs">
        <Title order={3} size="h4">
          Non-conformités
        </Title>
        <List spacing="xs">
          {nonCompliant.map((c) => (
            <List.Item key={c.id}>
              Critère {c.id}&nbsp;: {c.note}
            </List.Item>
          ))}
          <List.Item>
            Les {summary.counts.NT}&nbsp;critères non encore testés peuvent cacher d’autres non-conformités&nbsp;: signalez-les-nous (voir ci-dessous).
          </List.Item>
        </List>
        <Title order={3} size="h4">
          Dérogations pour charge disproportionnée
        </Title>
        <Text>Aucune.</Text>
        <Title order={3} size="h4">
          Contenus non soumis à l’obligation d’accessibilité
        </Title>
        <Text>Aucun.</Text>
      </TitledSection>

      <TitledSection title="Établissement de cette déclaration" gap="xs">
        <Text>Cette déclaration a été établie le {formatDate(ACCESSIBILITY_AUDIT.date, 'long')}.</Text>
        <List spacing="xs">
          <List.Item>Technologies utilisées&nbsp;: HTML, CSS, JavaScript (React), WAI-ARIA, SVG.</List.Item>
          <List.Item>Environnement de test&nbsp;: navigateur Chromium, en 1&#8239;280 et 360&nbsp;pixels de large.</List.Item>
          <List.Item>Méthode&nbsp;: {ACCESSIBILITY_AUDIT.method}</List.Item>
          <List.Item>Pages vérifiées&nbsp;: {AUDIT_SCOPES.ALL.toLowerCase()}.</List.Item>
          <List.Item>{AUDIT_SCOPES.KEYBOARD}.</List.Item>
        </List>
      </TitledSection>

      <TitledSection title="Retour d’information et contact" gap="xs">
        <Text>
          Si vous n’arrivez pas à accéder à un contenu ou à un service, écrivez-nous pour signaler le problème et obtenir une alternative accessible&nbsp;: le
          contenu sous une autre forme, ou le service rendu autrement.
        </Text>
        <ReportProblemForm />
      </TitledSection>

      <TitledSection title="Voies de recours" gap="xs">
        <Text>
          Si vous nous avez signalé un défaut d’accessibilité qui vous empêche d’accéder à un contenu ou à un service et que vous n’avez pas obtenu de réponse
          satisfaisante, vous pouvez&nbsp;:
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
      </TitledSection>
    </Stack>
  );
}
