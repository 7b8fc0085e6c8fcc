/**
 * Member questions as members write them (misspellings, familiar words, no accents) with the entry
 * that answers each: a FAQ entry (by the start of its question), a screen, the member's own data
 * (asked signed in), or none — the assistant must then say it has no good answer. The bench prints
 * top-1 and top-3 accuracy over it; test/assistant-question-set.test.ts holds the targets.
 */
export type Expected = { faq: string } | { screen: string } | { member: string } | { none: true };
export type AssistantQuestionCase = { question: string; expected: Expected; signedIn?: true };

export const QUESTION_SET: readonly AssistantQuestionCase[] = [
  // Refunds: delays, follow-up, how to ask.
  { question: 'sous quel delai je suis rembourse', expected: { faq: 'Sous quel délai suis-je remboursé' } },
  { question: 'combien de temps pour etre rembourser', expected: { faq: 'Sous quel délai suis-je remboursé' } },
  { question: 'mon remboursement apparait pas', expected: { faq: 'Pourquoi mon remboursement n’apparaît-il pas encore' } },
  { question: "c'est quoi noemie", expected: { faq: 'Qu’est-ce que la télétransmission Noémie' } },
  { question: 'teletransmission securite sociale', expected: { faq: 'Qu’est-ce que la télétransmission Noémie' } },
  { question: 'detail de mes remboursements', expected: { faq: 'Où consulter le détail de mes remboursements' } },
  { question: 'releve de remboursement pour les impots', expected: { faq: 'Comment obtenir un relevé de remboursements' } },
  { question: 'reste a charge ca veut dire quoi', expected: { faq: 'Que signifie «\u00a0reste à charge\u00a0»' } },
  { question: 'comment demander un rembourssement', expected: { faq: 'Comment demander un remboursement' } },
  { question: 'envoyer une facture', expected: { screen: 'get-refund' } },
  { question: 'format des justificatifs pdf photo', expected: { faq: 'Quels formats de justificatifs sont acceptés' } },
  // Optics.
  { question: 'remboursement lunette', expected: { faq: 'Comment sont remboursées mes lunettes' } },
  { question: 'lunete remboursé comment', expected: { faq: 'Comment sont remboursées mes lunettes' } },
  { question: 'renouveler mes lunettes tous les combien', expected: { faq: 'Tous les combien puis-je renouveler mes lunettes' } },
  { question: 'faut une ordonnance pour les lunettes', expected: { faq: 'Faut-il une ordonnance pour être remboursé' } },
  { question: 'ordo obligatoire', expected: { faq: 'Faut-il une ordonnance pour être remboursé' } },
  { question: 'lentilles de contact remboursées\u00a0?', expected: { faq: 'Mes lentilles de contact sont-elles prises en charge' } },
  { question: 'lunettes et lentille la meme annee', expected: { faq: 'Puis-je cumuler lunettes et lentilles la même année' } },
  // Dental.
  { question: 'couronne dentaire combien je serai rembourse', expected: { faq: 'Comment connaître mon remboursement avant une couronne' } },
  { question: 'implant dentaire', expected: { faq: 'Les implants dentaires sont-ils remboursés' } },
  { question: 'implants rembourses\u00a0?', expected: { faq: 'Les implants dentaires sont-ils remboursés' } },
  { question: 'appareil dentaire pour mon fils', expected: { faq: 'L’orthodontie de mon enfant est-elle prise en charge' } },
  { question: 'orthodontie enfant', expected: { faq: 'L’orthodontie de mon enfant est-elle prise en charge' } },
  { question: 'orthodontie adulte', expected: { faq: 'Et l’orthodontie pour un adulte' } },
  { question: 'envoyer un devis du dentiste', expected: { screen: 'quotation' } },
  // Hospital.
  { question: 'prise en charge hopital', expected: { faq: 'Comment obtenir une prise en charge avant une hospitalisation' } },
  { question: 'je vais me faire operer a la clinique', expected: { screen: 'hospital-care' } },
  { question: 'forfait journalier', expected: { faq: 'Le forfait journalier est-il remboursé' } },
  { question: 'chambre seule a l hopital remboursée', expected: { faq: 'La chambre particulière est-elle remboursée' } },
  { question: 'chambre particuliere', expected: { faq: 'La chambre particulière est-elle remboursée' } },
  { question: 'quels papiers apres mon sejour', expected: { faq: 'Quels justificatifs envoyer après mon séjour' } },
  // Third-party-payment card.
  { question: 'a quoi sert la carte tiers payant', expected: { faq: 'À quoi sert la carte de tiers payant' } },
  { question: 'comment obtenir la carte de tiers payant', expected: { faq: 'Où trouver ma carte de tiers payant' } },
  { question: 'ou est ma carte mutuelle', expected: { screen: 'tp-card' } },
  { question: 'le pharmacien refuse ma carte', expected: { faq: 'Un professionnel refuse ma carte' } },
  { question: "j'ai perdu ma carte", expected: { faq: 'J’ai perdu ma carte' } },
  { question: 'carte perdue nouvelle carte', expected: { faq: 'J’ai perdu ma carte' } },
  // Contributions and bank details.
  { question: 'changer de rib pour les cotisations', expected: { faq: 'Comment changer le compte de prélèvement' } },
  { question: 'payer tous les mois', expected: { faq: 'Puis-je payer mes cotisations chaque mois' } },
  { question: 'pourquoi ma cotisation a augmenté', expected: { faq: 'Pourquoi ma cotisation a-t-elle augmenté' } },
  { question: 'augmentation cotis', expected: { faq: 'Pourquoi ma cotisation a-t-elle augmenté' } },
  { question: 'echeancier', expected: { faq: 'Où trouver mon échéancier' } },
  { question: 'changer mon rib remboursement', expected: { screen: 'bank-details' } },
  // Account and sign-in.
  { question: 'mot de passe oublie', expected: { faq: 'J’ai oublié mon mot de passe' } },
  { question: 'mdp perdu', expected: { faq: 'J’ai oublié mon mot de passe' } },
  { question: 'je recois pas le code par mail', expected: { faq: 'Je ne reçois pas le code de vérification' } },
  { question: 'c quoi mon identifiant', expected: { faq: 'Quel est mon identifiant' } },
  { question: 'donnees de sante protegees\u00a0?', expected: { faq: 'Comment mes données de santé sont-elles protégées' } },
  { question: 'code conseiller a quoi ca sert', expected: { faq: 'À quoi sert le code conseiller' } },
  { question: 'creer mon compte premiere connexion', expected: { screen: 'create-account' } },
  { question: 'supprimer mon compte', expected: { screen: 'close-account' } },
  // Family.
  { question: 'comment ajouter mon bébé', expected: { screen: 'add-beneficiary' } },
  { question: 'mutuel pour mon fils', expected: { screen: 'add-beneficiary' } },
  { question: 'rajouter ma femme sur le contrat', expected: { screen: 'add-beneficiary' } },
  { question: 'naissance de ma fille', expected: { screen: 'add-beneficiary' } },
  // Other screens.
  { question: 'je demenage nouvelle adresse', expected: { screen: 'personal-info' } },
  { question: 'resilier ma mutuelle', expected: { screen: 'termination' } },
  { question: 'faire une reclamation', expected: { screen: 'complaint' } },
  { question: 'trouver un opticien partenaire', expected: { screen: 'services' } },
  { question: 'combien je serai rembourse chez le kine', expected: { screen: 'estimate' } },
  { question: 'mes garanties', expected: { screen: 'guarantees' } },
  { question: 'attestation de mutuelle', expected: { screen: 'tp-card' } },
  { question: 'telecharger un courrier ou une attestation', expected: { screen: 'documents' } },
  { question: 'le site bug', expected: { screen: 'help-report' } },
  { question: 'je suis sourd comment vous joindre', expected: { screen: 'accessibility' } },
  // The member's own data (signed in).
  { question: 'où en est mon remboursement du 12 novembre\u00a0?', expected: { member: 'last-refunds' }, signedIn: true },
  { question: 'mon dernier remboursement', expected: { member: 'last-refunds' }, signedIn: true },
  { question: 'quand serai-je payé\u00a0?', expected: { member: 'payment-dates' }, signedIn: true },
  { question: 'quand est ce que je recois le virement', expected: { member: 'payment-dates' }, signedIn: true },
  { question: 'ma carte tiers payant', expected: { member: 'card' }, signedIn: true },
  { question: 'ou en est ma demande', expected: { member: 'requests' }, signedIn: true },
  // Nothing in the FAQ nor the screens: the assistant must say so.
  { question: 'quel temps fera-t-il demain à Lyon', expected: { none: true } },
  { question: 'recette de la tarte aux pommes', expected: { none: true } },
];
