/**
 * The portal's screens and help content the assistant may point to, in French: what each is called,
 * the words members use for it, one sentence of what it does (the answer shown) and where it opens.
 * `signedIn` screens answer only a member's session (signed out, the login comes first).
 */
export type AssistantScreen = {
  id: string;
  title: string;
  /** The words members use for it, misspellings aside (those are the tenant's synonyms). */
  words: string;
  text: string;
  url: string;
  action: string;
  signedIn?: true;
};

export const ASSISTANT_SCREENS: readonly AssistantScreen[] = [
  {
    id: 'get-refund',
    title: 'Me faire rembourser',
    words: 'envoyer facture décompte justificatif demande remboursement feuille de soins photo',
    text: 'Envoyez votre facture ou le décompte de la Sécurité sociale depuis « Me faire rembourser »\u00a0: choisissez le bénéficiaire, joignez le justificatif, vous êtes remboursé sous 5 jours ouvrés.',
    url: '/get-refund',
    action: 'Me faire rembourser',
    signedIn: true,
  },
  {
    id: 'refunds',
    title: 'Mes remboursements',
    words: 'historique remboursements relevé montant versé reste à charge',
    text: 'Tous vos remboursements, soin par soin, avec la part de la Sécurité sociale, la vôtre et la date du versement, dans « Mes remboursements ».',
    url: '/refunds',
    action: 'Voir mes remboursements',
    signedIn: true,
  },
  {
    id: 'estimate',
    title: 'Estimer un remboursement',
    words: 'estimer simulation avant soin prix tarif rembourse kiné médecin consultation spécialiste',
    text: 'Avant un soin, « Estimer un remboursement » calcule ce que vous rembourseraient la Sécurité sociale et votre mutuelle selon vos garanties.',
    url: '/guarantees/estimate',
    action: 'Estimer un remboursement',
    signedIn: true,
  },
  {
    id: 'guarantees',
    title: 'Mes garanties',
    words: 'garanties couverture niveau plafond forfait tableau des garanties combien pris en charge',
    text: 'Le tableau de vos garanties, ce qu’il reste de vos forfaits pour chaque bénéficiaire et des exemples de remboursement en euros, dans « Mes garanties ».',
    url: '/guarantees',
    action: 'Voir mes garanties',
    signedIn: true,
  },
  {
    id: 'quotation',
    title: 'Envoyer un devis',
    words: 'devis dentiste prothèse couronne opticien audioprothésiste appareil auditif',
    text: 'Envoyez le devis de votre dentiste, opticien ou audioprothésiste depuis « Envoyer un devis »\u00a0: nous vous répondons avec le montant de votre remboursement.',
    url: '/home/quotation',
    action: 'Envoyer un devis',
    signedIn: true,
  },
  {
    id: 'hospital-care',
    title: 'Demande de prise en charge hospitalière',
    words: 'hôpital hospitalisation clinique opération prise en charge entrée séjour',
    text: 'Avant une hospitalisation, demandez la prise en charge depuis « Préparer un soin »\u00a0: nous l’envoyons à l’établissement pour vous éviter l’avance des frais.',
    url: '/home/hospital-care',
    action: 'Demander une prise en charge',
    signedIn: true,
  },
  {
    id: 'tp-card',
    title: 'Ma carte de tiers payant',
    words: 'carte tiers payant carte mutuelle attestation pharmacie avance de frais télécharger perdue',
    text: 'Votre carte de tiers payant se trouve dans votre espace\u00a0: affichez-la, téléchargez-la en PDF, ajoutez-la à votre téléphone ou demandez un envoi papier.',
    url: '/tp-card',
    action: 'Ouvrir ma carte de tiers payant',
    signedIn: true,
  },
  {
    id: 'add-beneficiary',
    title: 'Ajouter un bénéficiaire',
    words: 'ajouter bénéficiaire enfant bébé naissance conjoint époux épouse fils fille famille rattacher couvrir',
    text: 'Pour couvrir un enfant, un bébé ou votre conjoint, choisissez « Ajouter un bénéficiaire » dans « Mon compte » et joignez le justificatif demandé (acte de naissance, livret de famille…).',
    url: '/add-beneficiary',
    action: 'Ajouter un bénéficiaire',
    signedIn: true,
  },
  {
    id: 'beneficiaries',
    title: 'Mes bénéficiaires',
    words: 'bénéficiaires famille personnes couvertes modifier bénéficiaire',
    text: 'Les personnes couvertes par votre contrat et leurs informations se trouvent dans « Mes bénéficiaires », dans « Mon compte ».',
    url: '/beneficiary',
    action: 'Voir mes bénéficiaires',
    signedIn: true,
  },
  {
    id: 'bank-details',
    title: 'Mes coordonnées bancaires',
    words: 'rib iban coordonnées bancaires compte bancaire changer banque virement prélèvement',
    text: 'Vos coordonnées bancaires de remboursement et de prélèvement se modifient dans « Mes coordonnées bancaires »\u00a0: joignez le RIB du nouveau compte.',
    url: '/banking-info',
    action: 'Modifier mes coordonnées bancaires',
    signedIn: true,
  },
  {
    id: 'documents',
    title: 'Mes documents',
    words: 'documents attestation certificat adhésion échéancier courrier télécharger',
    text: 'Vos attestations, échéanciers et courriers sont téléchargeables dans « Mes documents ».',
    url: '/documents',
    action: 'Voir mes documents',
    signedIn: true,
  },
  {
    id: 'requests',
    title: 'Mes demandes',
    words: 'demandes suivi dossier message réponse en cours',
    text: 'Chaque demande envoyée, son état et les réponses de nos équipes se suivent dans « Mes demandes ».',
    url: '/requests',
    action: 'Voir mes demandes',
    signedIn: true,
  },
  {
    id: 'personal-info',
    title: 'Mes informations personnelles',
    words: 'adresse déménagement changer adresse téléphone e-mail mail informations personnelles',
    text: 'Votre adresse, votre téléphone et votre e-mail se modifient dans « Mes informations personnelles ».',
    url: '/personal-info',
    action: 'Modifier mes informations',
    signedIn: true,
  },
  {
    id: 'preferences',
    title: 'Mes préférences',
    words: 'préférences télétransmission noémie notifications courrier papier dématérialisé',
    text: 'La télétransmission avec l’Assurance maladie et vos choix de communication se règlent dans « Mes préférences ».',
    url: '/preferences',
    action: 'Ouvrir mes préférences',
    signedIn: true,
  },
  {
    id: 'services',
    title: 'Mes services',
    words: 'services réseau de soins opticien partenaire trouver professionnel santé annuaire',
    text: 'Trouvez un opticien, un dentiste ou un audioprothésiste partenaire près de chez vous dans « Mes services ».',
    url: '/services',
    action: 'Trouver un professionnel',
    signedIn: true,
  },
  {
    id: 'contract',
    title: 'Mes informations contractuelles',
    words: 'contrat cotisation tarif frais de gestion taux de redistribution notice',
    text: 'Votre contrat, vos cotisations et les frais de gestion de votre produit se lisent dans « Mes informations contractuelles ».',
    url: '/contractual-info',
    action: 'Voir mon contrat',
    signedIn: true,
  },
  {
    id: 'termination',
    title: 'Résilier votre contrat',
    words: 'résilier résiliation quitter arrêter fin de contrat changer de mutuelle',
    text: 'Vous pouvez résilier votre contrat en ligne depuis « Résilier votre contrat »\u00a0: les conditions s’affichent, puis un récapitulatif avant de confirmer.',
    url: '/paid-options',
    action: 'Résilier votre contrat',
    signedIn: true,
  },
  {
    id: 'complaint',
    title: 'Réclamation',
    words: 'réclamation plainte mécontent litige médiateur contester',
    text: 'Pour exprimer un mécontentement, déposez une réclamation\u00a0: elle est accusée sous 10 jours ouvrables et traitée sous 2 mois.',
    url: '/claim-page',
    action: 'Faire une réclamation',
    signedIn: true,
  },
  {
    id: 'contact-us',
    title: 'Nous contacter',
    words: 'contacter écrire message question conseiller',
    text: 'Écrivez à nos équipes depuis « Nous contacter »\u00a0: la réponse arrive dans votre espace, rubrique « Mes demandes ».',
    url: '/contact-us',
    action: 'Nous écrire',
    signedIn: true,
  },
  {
    id: 'close-account',
    title: 'Fermer mon compte',
    words: 'fermer supprimer compte espace adhérent effacer données',
    text: 'Dans « Mon compte », « Fermer mon compte » dit ce qui est effacé et ce qui est conservé, puis votre mot de passe confirme.',
    url: '/account/closure',
    action: 'Fermer mon compte',
    signedIn: true,
  },
  {
    id: 'password',
    title: 'Mot de passe oublié',
    words: 'mot de passe oublié mdp connexion connecter réinitialiser bloqué',
    text: 'Sur la page de connexion, « Mot de passe oublié » vous envoie un lien par e-mail pour en choisir un nouveau.',
    url: '/login/forgot-password',
    action: 'Réinitialiser mon mot de passe',
  },
  {
    id: 'login-id',
    title: 'Identifiant oublié',
    words: 'identifiant oublié numéro adhérent connexion',
    text: 'Votre identifiant est votre numéro d’adhérent\u00a0; « Identifiant oublié » vous le renvoie par e-mail.',
    url: '/login/forgot-login',
    action: 'Retrouver mon identifiant',
  },
  {
    id: 'create-account',
    title: 'Créer mon compte',
    words: 'créer compte inscription première connexion activer espace',
    text: 'Pour votre première connexion, « Créer mon compte » vous demande votre numéro d’adhérent et votre e-mail.',
    url: '/login/create-account',
    action: 'Créer mon compte',
  },
  {
    id: 'help-adviser-code',
    title: 'Code conseiller',
    words: 'code conseiller téléphone appeler joindre',
    text: 'Sur la page « Aide », obtenez un code à lire au conseiller au téléphone\u00a0: il retrouve votre dossier sans vous demander d’informations personnelles.',
    url: '/help',
    action: 'Obtenir un code conseiller',
  },
  {
    id: 'help-report',
    title: 'Signaler un problème technique',
    words: 'problème technique bug erreur page marche pas bloqué site',
    text: 'La page « Aide » prépare un rapport technique (navigateur, heure, derniers codes d’erreur, sans donnée personnelle) à joindre à votre message.',
    url: '/help',
    action: 'Ouvrir l’aide',
  },
  {
    id: 'accessibility',
    title: 'Accessibilité',
    words: 'accessibilité handicap malvoyant lecteur écran sourd malentendant',
    text: 'La déclaration d’accessibilité dit ce qui est conforme et comment obtenir un contenu accessible\u00a0; un service de relais permet aux personnes sourdes et malentendantes de nous joindre.',
    url: '/accessibilite',
    action: 'Lire la déclaration d’accessibilité',
  },
];

/**
 * What a signed-in member may ask about their own data. Ranked like the screens; the answer is then
 * read from the member's rows (service.ts), never from this text.
 */
export type MemberIntent = { id: 'last-refunds' | 'payment-dates' | 'card' | 'requests'; title: string; words: string; url: string; action: string };

export const MEMBER_INTENTS: readonly MemberIntent[] = [
  {
    id: 'last-refunds',
    title: 'Mes derniers remboursements',
    words: 'où en est mon remboursement dernier derniers remboursements reçu soin du montant combien',
    url: '/refunds',
    action: 'Voir mes remboursements',
  },
  {
    id: 'payment-dates',
    title: 'Dates de paiement',
    words: 'quand payé paiement versement virement viré argent reçu date délai',
    url: '/refunds',
    action: 'Voir mes remboursements',
  },
  {
    id: 'card',
    title: 'Ma carte de tiers payant',
    words: 'ma carte tiers payant carte mutuelle',
    url: '/tp-card',
    action: 'Ouvrir ma carte de tiers payant',
  },
  {
    id: 'requests',
    title: 'Mes demandes en cours',
    words: 'où en est ma demande dossier suivi en cours réponse',
    url: '/requests',
    action: 'Voir mes demandes',
  },
];
