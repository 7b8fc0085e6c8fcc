/*
 * The RGAA 4.1 audit grid of the member portal, kept as data: the 106 criteria, each with what our
 * own audit found, the pages it covered and how. The accessibility statement computes its rate and
 * state from it; `accessibility-state.ts` holds the state the footer shows (a test keeps them equal).
 *
 * Honest by construction: a criterion is « conforme » only where an automatic check run on every
 * build proves it (axe-core with all its rules on every page and dialog at 1,280 and 360 px, the
 * keyboard journeys of the end-to-end tests) or where the whole code base has a single source for it
 * (one HTML document, one layout). What needs a person's judgment (is an alternative relevant, is a
 * title meaningful) is « non testé » until a person audits it, and counts against the rate.
 */

export const AUDIT_RESULTS = ['C', 'NC', 'NA', 'NT'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];
export const AUDIT_RESULT_LABELS: Record<AuditResult, string> = { C: 'Conforme', NC: 'Non conforme', NA: 'Non applicable', NT: 'Non testé' };

/** When the grid was last reviewed, and how. Change them with the grid. */
export const ACCESSIBILITY_AUDIT = {
  date: '2026-11-26',
  auditor: 'Auto-évaluation par l’équipe de développement de l’espace adhérent (pas d’organisme indépendant)',
  method:
    'Contrôles automatiques à chaque modification (axe-core 4.13, toutes ses règles, bonnes pratiques comprises, dans Chromium à 1\u202f280 et 360\u00a0pixels de large, sur chaque page et chaque fenêtre de dialogue), parcours au clavier seul des tests de bout en bout, lecture du code pour ce qui n’a qu’une source (document HTML, gabarit des pages).',
} as const;

/** Which pages a result covers. */
export const AUDIT_SCOPES = {
  ALL: 'Toutes les pages et fenêtres de dialogue de l’espace adhérent (parcours de chaque route, connecté et déconnecté)',
  KEYBOARD:
    'Parcours au clavier seul\u00a0: connexion et code de vérification, accueil, remboursements et leur détail, demandes, demande de remboursement, informations personnelles, coordonnées bancaires et mandat, résiliation d’une option, questionnaire de départ',
  CODE: 'Document HTML et gabarit communs à toutes les pages',
  NONE: 'Aucune page\u00a0: contenu absent de l’espace adhérent',
  DOCUMENTS: 'Documents PDF téléchargeables (décomptes, carte, attestation, mandat, accusés de réception, courriers, export de données)',
  UNTESTED: 'Pas encore audité',
} as const;
export type AuditScope = keyof typeof AUDIT_SCOPES;

export type AuditCriterion = { id: string; title: string; result: AuditResult; scope: AuditScope; note: string };

export const RGAA_THEMES = [
  'Images',
  'Cadres',
  'Couleurs',
  'Multimédia',
  'Tableaux',
  'Liens',
  'Scripts',
  'Éléments obligatoires',
  'Structuration de l’information',
  'Présentation de l’information',
  'Formulaires',
  'Navigation',
  'Consultation',
] as const;

const judgment = 'Demande un jugement humain que les contrôles automatiques ne donnent pas.';
const noSiteMap = 'Pas de plan du site (voir 12.1).';
const nt = (id: string, title: string, note = judgment): AuditCriterion => ({ id, title, result: 'NT', scope: 'UNTESTED', note });
const na = (id: string, title: string, note: string): AuditCriterion => ({ id, title, result: 'NA', scope: 'NONE', note });
const axe = (id: string, title: string, rules: string, scope: AuditScope = 'ALL'): AuditCriterion => ({
  id,
  title,
  result: 'C',
  scope,
  note: `Vérifié par axe-core (${rules}).`,
});
const noMedia = 'L’espace adhérent ne contient ni vidéo, ni son, ni animation.';

export const RGAA_CRITERIA: readonly AuditCriterion[] = [
  axe(
    '1.1',
    'Chaque image porteuse d’information a-t-elle une alternative textuelle\u00a0?',
    'image-alt, svg-img-alt, role-img-alt, input-image-alt, area-alt',
  ),
  nt('1.2', 'Chaque image de décoration est-elle correctement ignorée par les technologies d’assistance\u00a0?'),
  nt('1.3', 'Pour chaque image porteuse d’information ayant une alternative textuelle, cette alternative est-elle pertinente\u00a0?'),
  na(
    '1.4',
    'Pour chaque image utilisée comme CAPTCHA ou comme image-test, ayant une alternative textuelle, cette alternative permet-elle d’identifier la nature et la fonction de l’image\u00a0?',
    'Aucun CAPTCHA.',
  ),
  na(
    '1.5',
    'Pour chaque image utilisée comme CAPTCHA, une solution d’accès alternatif au contenu ou à la fonction du CAPTCHA est-elle présente\u00a0?',
    'Aucun CAPTCHA.',
  ),
  nt('1.6', 'Chaque image porteuse d’information a-t-elle, si nécessaire, une description détaillée\u00a0?'),
  nt('1.7', 'Pour chaque image porteuse d’information ayant une description détaillée, cette description est-elle pertinente\u00a0?'),
  nt(
    '1.8',
    'Chaque image texte porteuse d’information, en l’absence d’un mécanisme de remplacement, doit si possible être remplacée par du texte stylé. Cette règle est-elle respectée\u00a0?',
  ),
  nt('1.9', 'Chaque légende d’image est-elle, si nécessaire, correctement reliée à l’image correspondante\u00a0?'),
  na('2.1', 'Chaque cadre a-t-il un titre de cadre\u00a0?', 'Aucun cadre (iframe).'),
  na('2.2', 'Pour chaque cadre ayant un titre de cadre, ce titre de cadre est-il pertinent\u00a0?', 'Aucun cadre (iframe).'),
  nt('3.1', 'Dans chaque page web, l’information ne doit pas être donnée uniquement par la couleur. Cette règle est-elle respectée\u00a0?'),
  axe(
    '3.2',
    'Dans chaque page web, le contraste entre la couleur du texte et la couleur de son arrière-plan est-il suffisamment élevé\u00a0?',
    'color-contrast, pour les deux marques',
  ),
  nt(
    '3.3',
    'Dans chaque page web, les couleurs utilisées dans les composants d’interface ou les éléments graphiques porteurs d’informations sont-elles suffisamment contrastées\u00a0?',
    'axe-core ne mesure pas le contraste des composants et des graphiques.',
  ),
  na('4.1', 'Chaque média temporel pré-enregistré a-t-il, si nécessaire, une transcription textuelle ou une audiodescription\u00a0?', noMedia),
  na(
    '4.2',
    'Pour chaque média temporel pré-enregistré ayant une transcription textuelle ou une audiodescription synchronisée, celles-ci sont-elles pertinentes\u00a0?',
    noMedia,
  ),
  na('4.3', 'Chaque média temporel synchronisé pré-enregistré a-t-il, si nécessaire, des sous-titres synchronisés\u00a0?', noMedia),
  na('4.4', 'Pour chaque média temporel synchronisé pré-enregistré ayant des sous-titres synchronisés, ces sous-titres sont-ils pertinents\u00a0?', noMedia),
  na('4.5', 'Chaque média temporel pré-enregistré a-t-il, si nécessaire, une audiodescription synchronisée\u00a0?', noMedia),
  na('4.6', 'Pour chaque média temporel pré-enregistré ayant une audiodescription synchronisée, celle-ci est-elle pertinente\u00a0?', noMedia),
  na('4.7', 'Chaque média temporel est-il clairement identifiable\u00a0?', noMedia),
  na('4.8', 'Chaque média non temporel a-t-il, si nécessaire, une alternative\u00a0?', noMedia),
  na('4.9', 'Pour chaque média non temporel ayant une alternative, cette alternative est-elle pertinente\u00a0?', noMedia),
  na('4.10', 'Chaque son déclenché automatiquement est-il contrôlable par l’utilisateur\u00a0?', noMedia),
  na('4.11', 'La consultation de chaque média temporel est-elle, si nécessaire, contrôlable par le clavier et tout dispositif de pointage\u00a0?', noMedia),
  na('4.12', 'La consultation de chaque média non temporel est-elle contrôlable par le clavier et tout dispositif de pointage\u00a0?', noMedia),
  na('4.13', 'Chaque média temporel et non temporel est-il compatible avec les technologies d’assistance\u00a0?', noMedia),
  nt('5.1', 'Chaque tableau de données complexe a-t-il un résumé\u00a0?'),
  nt('5.2', 'Pour chaque tableau de données complexe ayant un résumé, celui-ci est-il pertinent\u00a0?'),
  na(
    '5.3',
    'Pour chaque tableau de mise en forme, le contenu linéarisé reste-t-il compréhensible\u00a0?',
    'Aucun tableau de mise en forme dans les pages (les tableaux sont des tableaux de données).',
  ),
  nt('5.4', 'Pour chaque tableau de données ayant un titre, le titre est-il correctement associé au tableau de données\u00a0?'),
  nt('5.5', 'Pour chaque tableau de données ayant un titre, celui-ci est-il pertinent\u00a0?'),
  axe(
    '5.6',
    'Pour chaque tableau de données, chaque en-tête de colonnes et chaque en-tête de lignes sont-ils correctement déclarés\u00a0?',
    'th-has-data-cells, td-has-header, scope-attr-valid',
  ),
  axe(
    '5.7',
    'Pour chaque tableau de données, la technique appropriée permettant d’associer chaque cellule avec ses en-têtes est-elle utilisée\u00a0?',
    'td-headers-attr, th-has-data-cells',
  ),
  na(
    '5.8',
    'Chaque tableau de mise en forme ne doit pas utiliser d’éléments propres aux tableaux de données. Cette règle est-elle respectée\u00a0?',
    'Aucun tableau de mise en forme dans les pages.',
  ),
  nt('6.1', 'Chaque lien est-il explicite\u00a0?'),
  axe('6.2', 'Dans chaque page web, chaque lien a-t-il un intitulé\u00a0?', 'link-name'),
  nt(
    '7.1',
    'Chaque script est-il, si nécessaire, compatible avec les technologies d’assistance\u00a0?',
    'axe-core vérifie les attributs ARIA, pas la restitution par un lecteur d’écran.',
  ),
  nt('7.2', 'Pour chaque script ayant une alternative, cette alternative est-elle pertinente\u00a0?'),
  nt(
    '7.3',
    'Chaque script est-il contrôlable par le clavier et par tout dispositif de pointage\u00a0?',
    'Vérifié au clavier seul sur les parcours listés, pas sur toutes les pages.',
  ),
  nt('7.4', 'Pour chaque script qui initie un changement de contexte, l’utilisateur est-il averti ou en a-t-il le contrôle\u00a0?'),
  nt('7.5', 'Dans chaque page web, les messages de statut sont-ils correctement restitués par les technologies d’assistance\u00a0?'),
  {
    id: '8.1',
    title: 'Chaque page web est-elle définie par un type de document\u00a0?',
    result: 'C',
    scope: 'CODE',
    note: 'Toutes les pages sont servies depuis deux documents (index.html et login.html) qui déclarent <!doctype html>.',
  },
  nt(
    '8.2',
    'Pour chaque page web, le code source généré est-il valide selon le type de document spécifié\u00a0?',
    'Aucun validateur HTML n’est encore passé sur le code généré.',
  ),
  axe('8.3', 'Dans chaque page web, la langue par défaut est-elle présente\u00a0?', 'html-has-lang'),
  axe(
    '8.4',
    'Pour chaque page web ayant une langue par défaut, le code de langue est-il pertinent\u00a0?',
    'html-lang-valid\u00a0; langue fr sur les deux documents',
  ),
  axe('8.5', 'Chaque page web a-t-elle un titre de page\u00a0?', 'document-title'),
  nt('8.6', 'Pour chaque page web ayant un titre de page, ce titre est-il pertinent\u00a0?'),
  nt('8.7', 'Dans chaque page web, chaque changement de langue est-il indiqué dans le code source\u00a0?'),
  nt('8.8', 'Dans chaque page web, le code de langue de chaque changement de langue est-il valide et pertinent\u00a0?'),
  nt('8.9', 'Dans chaque page web, les balises ne doivent pas être utilisées uniquement à des fins de présentation. Cette règle est-elle respectée\u00a0?'),
  na('8.10', 'Dans chaque page web, les changements du sens de lecture sont-ils signalés\u00a0?', 'Tous les textes se lisent de gauche à droite.'),
  nt(
    '9.1',
    'Dans chaque page web, l’information est-elle structurée par l’utilisation appropriée de titres\u00a0?',
    'axe-core vérifie la présence d’un titre de niveau 1 et l’ordre des niveaux (page-has-heading-one, heading-order), pas leur pertinence.',
  ),
  nt(
    '9.2',
    'Dans chaque page web, la structure du document est-elle cohérente\u00a0?',
    'axe-core vérifie les zones (landmark-*, region), pas la cohérence de la structure.',
  ),
  axe('9.3', 'Dans chaque page web, chaque liste est-elle correctement structurée\u00a0?', 'list, listitem, definition-list, dlitem'),
  nt('9.4', 'Dans chaque page web, chaque citation est-elle correctement indiquée\u00a0?'),
  {
    id: '10.1',
    title: 'Dans le site web, des feuilles de styles sont-elles utilisées pour contrôler la présentation de l’information\u00a0?',
    result: 'C',
    scope: 'CODE',
    note: 'La présentation vient des feuilles de styles du thème et des composants\u00a0; aucune balise ou attribut de présentation.',
  },
  nt('10.2', 'Dans chaque page web, le contenu visible porteur d’information reste-t-il présent lorsque les feuilles de styles sont désactivées\u00a0?'),
  nt('10.3', 'Dans chaque page web, l’information reste-t-elle compréhensible lorsque les feuilles de styles sont désactivées\u00a0?'),
  nt('10.4', 'Dans chaque page web, le texte reste-t-il lisible lorsque la taille des caractères est augmentée jusqu’à 200\u00a0%, au moins\u00a0?'),
  nt('10.5', 'Dans chaque page web, les déclarations CSS de couleurs de fond d’élément et de police sont-elles correctement utilisées\u00a0?'),
  axe(
    '10.6',
    'Dans chaque page web, chaque lien dont la nature n’est pas évidente est-il visible par rapport au texte environnant\u00a0?',
    'link-in-text-block',
  ),
  nt(
    '10.7',
    'Dans chaque page web, pour chaque élément recevant le focus, la prise de focus est-elle visible\u00a0?',
    'Les parcours au clavier vérifient où va le focus, pas qu’il se voie.',
  ),
  nt('10.8', 'Pour chaque page web, les contenus cachés ont-ils vocation à être ignorés par les technologies d’assistance\u00a0?'),
  nt('10.9', 'Dans chaque page web, l’information ne doit pas être donnée uniquement par la forme, taille ou position. Cette règle est-elle respectée\u00a0?'),
  nt(
    '10.10',
    'Dans chaque page web, l’information ne doit pas être donnée par la forme, taille ou position uniquement. Cette règle est-elle implémentée de façon pertinente\u00a0?',
  ),
  nt(
    '10.11',
    'Pour chaque page web, les contenus peuvent-ils être présentés sans avoir recours à un défilement vertical pour une fenêtre de 256\u00a0px de haut, ou horizontal pour une fenêtre de 320\u00a0px de large\u00a0?',
    'Chaque page est vérifiée sans défilement horizontal à 360\u00a0px de large, pas encore à 320\u00a0px ni à 256\u00a0px de haut.',
  ),
  nt(
    '10.12',
    'Dans chaque page web, les propriétés d’espacement du texte peuvent-elles être redéfinies par l’utilisateur sans perte de contenu ou de fonctionnalité\u00a0?',
  ),
  nt(
    '10.13',
    'Dans chaque page web, les contenus additionnels apparaissant à la prise de focus ou au survol d’un composant d’interface sont-ils contrôlables par l’utilisateur\u00a0?',
  ),
  nt(
    '10.14',
    'Dans chaque page web, les contenus additionnels apparaissant via les styles CSS uniquement peuvent-ils être rendus visibles au clavier et par tout dispositif de pointage\u00a0?',
  ),
  axe('11.1', 'Chaque champ de formulaire a-t-il une étiquette\u00a0?', 'label, select-name, aria-input-field-name, aria-toggle-field-name'),
  nt('11.2', 'Chaque étiquette associée à un champ de formulaire est-elle pertinente\u00a0?'),
  nt(
    '11.3',
    'Dans chaque formulaire, chaque étiquette associée à un champ de formulaire ayant la même fonction et répété plusieurs fois est-elle cohérente\u00a0?',
  ),
  nt('11.4', 'Dans chaque formulaire, chaque étiquette de champ et son champ associé sont-ils accolés\u00a0?'),
  nt('11.5', 'Dans chaque formulaire, les champs de même nature sont-ils regroupés, si nécessaire\u00a0?'),
  nt('11.6', 'Dans chaque formulaire, chaque regroupement de champs de même nature a-t-il une légende\u00a0?'),
  nt('11.7', 'Dans chaque formulaire, chaque légende associée à un regroupement de champs de même nature est-elle pertinente\u00a0?'),
  nt('11.8', 'Dans chaque formulaire, les items de même nature d’une liste de choix sont-ils regroupés de manière pertinente\u00a0?'),
  nt('11.9', 'Dans chaque formulaire, l’intitulé de chaque bouton est-il pertinent\u00a0?'),
  nt(
    '11.10',
    'Dans chaque formulaire, le contrôle de saisie est-il utilisé de manière pertinente\u00a0?',
    'Les tests vérifient les messages d’erreur sous chaque champ et le focus sur le premier champ en erreur de plusieurs formulaires, pas de tous.',
  ),
  nt(
    '11.11',
    'Dans chaque formulaire, le contrôle de saisie est-il accompagné, si nécessaire, de suggestions facilitant la correction des erreurs de saisie\u00a0?',
  ),
  nt(
    '11.12',
    'Pour chaque formulaire dont la validation a des conséquences financières ou juridiques, les données saisies peuvent-elles être modifiées, mises à jour ou récupérées par l’utilisateur\u00a0?',
    'La résiliation a un récapitulatif vérifié de bout en bout\u00a0; les autres formulaires ne sont pas audités.',
  ),
  nt(
    '11.13',
    'La finalité d’un champ de saisie peut-elle être déduite pour faciliter le remplissage automatique des champs avec les données de l’utilisateur\u00a0?',
    'axe-core vérifie que les valeurs d’autocomplete sont valides (autocomplete-valid), pas qu’elles sont présentes.',
  ),
  {
    id: '12.1',
    title: 'Chaque ensemble de pages dispose-t-il de deux systèmes de navigation différents, au moins\u00a0?',
    result: 'NC',
    scope: 'ALL',
    note: 'Seuls le menu et le pied de page existent\u00a0: ni plan du site, ni moteur de recherche.',
  },
  nt('12.2', 'Dans chaque ensemble de pages, le menu et les barres de navigation sont-ils toujours à la même place\u00a0?'),
  na('12.3', 'La page « plan du site » est-elle pertinente\u00a0?', noSiteMap),
  na('12.4', 'Dans chaque ensemble de pages, la page « plan du site » est-elle accessible à partir d’une fonctionnalité identique\u00a0?', noSiteMap),
  na('12.5', 'Dans chaque ensemble de pages, le moteur de recherche est-il atteignable de manière identique\u00a0?', 'Pas de moteur de recherche général.'),
  axe(
    '12.6',
    'Les zones de regroupement de contenus présentes dans plusieurs pages web (en-tête, navigation, contenu principal, pied de page) peuvent-elles être atteintes ou évitées\u00a0?',
    'region, landmark-one-main, landmark-unique, landmark-no-duplicate-banner, bypass',
  ),
  axe(
    '12.7',
    'Dans chaque page web, un lien d’évitement ou d’accès rapide à la zone de contenu principal est-il présent\u00a0?',
    'bypass, skip-link\u00a0; lien « Aller au contenu principal » du gabarit',
  ),
  nt(
    '12.8',
    'Dans chaque page web, l’ordre de tabulation est-il cohérent\u00a0?',
    'Vérifié au clavier seul sur les parcours listés, pas sur toutes les pages.',
  ),
  nt(
    '12.9',
    'Dans chaque page web, la navigation ne doit pas contenir de piège au clavier. Cette règle est-elle respectée\u00a0?',
    'Vérifié au clavier seul sur les parcours listés, pas sur toutes les pages.',
  ),
  na(
    '12.10',
    'Dans chaque page web, les raccourcis clavier n’utilisant qu’une seule touche sont-ils contrôlables par l’utilisateur\u00a0?',
    'Aucun raccourci clavier.',
  ),
  nt(
    '12.11',
    'Dans chaque page web, les contenus additionnels apparaissant au survol, à la prise de focus ou à l’activation d’un composant d’interface sont-ils, si nécessaire, atteignables au clavier\u00a0?',
  ),
  nt(
    '13.1',
    'Pour chaque page web, l’utilisateur a-t-il le contrôle de chaque limite de temps modifiant le contenu\u00a0?',
    'La session se ferme après 30 minutes sans activité (sécurité des données de santé)\u00a0; l’avertissement n’est pas audité.',
  ),
  nt(
    '13.2',
    'Dans chaque page web, l’ouverture d’une nouvelle fenêtre ne doit pas être déclenchée sans action de l’utilisateur. Cette règle est-elle respectée\u00a0?',
  ),
  {
    id: '13.3',
    title: 'Dans chaque page web, chaque document bureautique en téléchargement possède-t-il, si nécessaire, une version accessible\u00a0?',
    result: 'NC',
    scope: 'DOCUMENTS',
    note: 'Les documents PDF ne sont pas balisés\u00a0; les mêmes informations sont affichées dans les pages (détail d’un remboursement, carte, contrats).',
  },
  na(
    '13.4',
    'Pour chaque document bureautique ayant une version accessible, cette version offre-t-elle la même information\u00a0?',
    'Aucune version accessible distincte (voir 13.3).',
  ),
  nt('13.5', 'Dans chaque page web, chaque contenu cryptique (art ASCII, émoticône, syntaxe cryptique) a-t-il une alternative\u00a0?'),
  nt('13.6', 'Dans chaque page web, pour chaque contenu cryptique ayant une alternative, cette alternative est-elle pertinente\u00a0?'),
  nt('13.7', 'Dans chaque page web, les changements brusques de luminosité ou les effets de flash sont-ils correctement utilisés\u00a0?'),
  nt('13.8', 'Dans chaque page web, chaque contenu en mouvement ou clignotant est-il contrôlable par l’utilisateur\u00a0?'),
  nt('13.9', 'Dans chaque page web, le contenu proposé est-il consultable quelle que soit l’orientation de l’écran (portrait ou paysage)\u00a0?'),
  nt(
    '13.10',
    'Dans chaque page web, les fonctionnalités utilisables au moyen d’un geste complexe peuvent-elles être également disponibles au moyen d’un geste simple\u00a0?',
  ),
  nt(
    '13.11',
    'Dans chaque page web, les actions déclenchées au moyen d’un dispositif de pointage sur un point unique de l’écran peuvent-elles faire l’objet d’une annulation\u00a0?',
  ),
  na(
    '13.12',
    'Dans chaque page web, les fonctionnalités qui impliquent un mouvement de l’appareil ou vers l’appareil peuvent-elles être satisfaites de manière alternative\u00a0?',
    'Aucune fonctionnalité ne dépend d’un mouvement de l’appareil.',
  ),
];

export const COMPLIANCE_STATES = ['totalement conforme', 'partiellement conforme', 'non conforme'] as const;
export type ComplianceState = (typeof COMPLIANCE_STATES)[number];

export type AuditSummary = { counts: Record<AuditResult, number>; applicable: number; ratePercent: number; state: ComplianceState };

/**
 * The RGAA rate: criteria met over criteria that apply. A criterion not yet tested applies but is
 * not met — counting it out would let an unaudited site call itself compliant. State: every
 * applicable criterion met → totalement, at least half → partiellement, else non conforme.
 */
export function auditSummary(criteria: readonly AuditCriterion[] = RGAA_CRITERIA): AuditSummary {
  const counts: Record<AuditResult, number> = { C: 0, NC: 0, NA: 0, NT: 0 };
  for (const c of criteria) counts[c.result]++;
  const applicable = counts.C + counts.NC + counts.NT;
  const rate = applicable === 0 ? 1 : counts.C / applicable;
  const state: ComplianceState = rate === 1 ? 'totalement conforme' : rate >= 0.5 ? 'partiellement conforme' : 'non conforme';
  return { counts, applicable, ratePercent: Math.floor(rate * 100), state };
}

/** The theme a criterion belongs to (its number before the dot). */
export const themeOf = (criterion: AuditCriterion) => RGAA_THEMES[Number(criterion.id.split('.')[0]) - 1]!;
