import type { Db } from '../../db/client';
import { faqCategories, faqEntries, faqThemes } from '../../db/schema';
import { faqSearchColumns } from './queries';

type Entry = [question: string, answer: string];
type Theme = { id: string; title: string; entries: Entry[] };
export type FaqSeedCategory = { id: string; title: string; description: string; themes: Theme[] };

/** A French FAQ of a health insurer; `{brand}` becomes the tenant's name. */
const FAQ: FaqSeedCategory[] = [
  {
    id: 'remboursements',
    title: 'Mes remboursements',
    description: 'Délais, montants et suivi de vos remboursements de soins.',
    themes: [
      {
        id: 'delais',
        title: 'Délais de remboursement',
        entries: [
          [
            'Sous quel délai suis-je remboursé\u00a0?',
            'Lorsque vos soins sont transmis par la Sécurité sociale (télétransmission Noémie), votre part complémentaire est versée sous 48 heures après le remboursement de l’Assurance maladie.\n\nPour une demande envoyée depuis votre espace avec vos justificatifs, comptez 5 jours ouvrés à réception d’un dossier complet.',
          ],
          [
            'Pourquoi mon remboursement n’apparaît-il pas encore\u00a0?',
            'Vérifiez d’abord que l’Assurance maladie vous a remboursé\u00a0: votre part complémentaire est calculée ensuite. Si la télétransmission n’est pas active, envoyez-nous le décompte de la Sécurité sociale depuis « Me faire rembourser ».',
          ],
          [
            'Qu’est-ce que la télétransmission Noémie\u00a0?',
            'C’est l’échange automatique entre votre caisse d’Assurance maladie et {brand}\u00a0: vous n’avez plus à nous envoyer vos décomptes. Son état figure sur la page d’accueil de votre espace.',
          ],
        ],
      },
      {
        id: 'suivi',
        title: 'Suivre et comprendre mes remboursements',
        entries: [
          [
            'Où consulter le détail de mes remboursements\u00a0?',
            'Dans « Mes remboursements », chaque soin indique la part de la Sécurité sociale, celle de {brand} et ce qui reste à votre charge. Vous pouvez filtrer par bénéficiaire, par période et télécharger un relevé.',
          ],
          [
            'Comment obtenir un relevé de remboursements pour ma déclaration\u00a0?',
            'Depuis « Mes remboursements », choisissez la période puis « Télécharger le relevé »\u00a0: le document PDF peut être joint à toute démarche.',
          ],
          [
            'Que signifie « reste à charge »\u00a0?',
            'C’est la somme qui reste à payer après l’intervention de l’Assurance maladie et de votre complémentaire santé (dépassements d’honoraires non couverts, participation forfaitaire, franchises).',
          ],
        ],
      },
      {
        id: 'demande',
        title: 'Faire une demande de remboursement',
        entries: [
          [
            'Comment demander un remboursement\u00a0?',
            'Connectez-vous puis choisissez « Me faire rembourser ». Indiquez le bénéficiaire, l’acte et le montant, puis joignez la facture détaillée et, si besoin, le décompte de la Sécurité sociale.',
          ],
          [
            'Quels formats de justificatifs sont acceptés\u00a0?',
            'Les fichiers PDF, JPEG et PNG jusqu’à 10 Mo. Une photo nette prise avec votre téléphone suffit.',
          ],
        ],
      },
    ],
  },
  {
    id: 'optique',
    title: 'Lunettes et optique',
    description: 'Lunettes, lentilles, forfait optique et 100 % Santé.',
    themes: [
      {
        id: 'lunettes',
        title: 'Lunettes',
        entries: [
          [
            'Comment sont remboursées mes lunettes\u00a0?',
            'Vos lunettes (monture et verres) sont remboursées par l’Assurance maladie sur la base de son tarif, puis par {brand} selon le forfait optique de votre garantie.\n\nAvec une offre 100 % Santé, aucun reste à charge ne vous est demandé. Chez un opticien partenaire, le tiers payant vous évite toute avance de frais.',
          ],
          [
            'Tous les combien puis-je renouveler mes lunettes\u00a0?',
            'Une paire tous les deux ans pour un adulte, chaque année pour un enfant de moins de 16 ans, ou plus tôt en cas d’évolution de la vue constatée par un ophtalmologiste ou un opticien.',
          ],
          [
            'Faut-il une ordonnance pour être remboursé\u00a0?',
            'Oui\u00a0: la prescription de correction optique doit accompagner la facture. Un opticien peut renouveler vos verres à partir d’une ordonnance de moins de 5 ans (3 ans après 42 ans).',
          ],
        ],
      },
      {
        id: 'lentilles',
        title: 'Lentilles de contact',
        entries: [
          [
            'Mes lentilles de contact sont-elles prises en charge\u00a0?',
            'Oui, dans la limite du forfait lentilles de votre garantie, par année civile, que les lentilles soient remboursées ou non par la Sécurité sociale.',
          ],
          [
            'Puis-je cumuler lunettes et lentilles la même année\u00a0?',
            'Oui\u00a0: les deux forfaits sont distincts. Consultez le tableau de garanties dans « Mes contrats » pour connaître leurs montants.',
          ],
        ],
      },
    ],
  },
  {
    id: 'dentaire',
    title: 'Soins dentaires',
    description: 'Soins, prothèses, orthodontie et devis.',
    themes: [
      {
        id: 'protheses',
        title: 'Prothèses et implants',
        entries: [
          [
            'Comment connaître mon remboursement avant une couronne\u00a0?',
            'Demandez un devis à votre dentiste et envoyez-le depuis « Préparer un soin »\u00a0: nous vous répondons sous 48 heures avec le montant pris en charge et votre reste à charge.',
          ],
          [
            'Les implants dentaires sont-ils remboursés\u00a0?',
            'L’Assurance maladie ne rembourse pas les implants. Selon votre garantie, {brand} verse un forfait par implant\u00a0: il figure dans votre tableau de garanties.',
          ],
        ],
      },
      {
        id: 'orthodontie',
        title: 'Orthodontie',
        entries: [
          [
            'L’orthodontie de mon enfant est-elle prise en charge\u00a0?',
            'Oui, lorsque le traitement commence avant 16 ans et qu’il est accepté par l’Assurance maladie. Envoyez-nous le devis de l’orthodontiste pour connaître notre participation par semestre.',
          ],
          [
            'Et l’orthodontie pour un adulte\u00a0?',
            'Elle n’est pas remboursée par la Sécurité sociale\u00a0; certaines garanties prévoient un forfait annuel. Consultez « Mes contrats ».',
          ],
        ],
      },
    ],
  },
  {
    id: 'hospitalisation',
    title: 'Hospitalisation',
    description: 'Prise en charge, chambre particulière et forfait journalier.',
    themes: [
      {
        id: 'prise-en-charge',
        title: 'Prise en charge hospitalière',
        entries: [
          [
            'Comment obtenir une prise en charge avant une hospitalisation\u00a0?',
            'Faites la demande depuis votre espace, « Demande de prise en charge hospitalière », au moins 48 heures avant l’entrée. Nous l’adressons directement à l’établissement\u00a0: vous n’avancez pas les frais couverts.',
          ],
          [
            'Le forfait journalier est-il remboursé\u00a0?',
            'Oui, le forfait journalier hospitalier est pris en charge intégralement et sans limite de durée en médecine et en chirurgie.',
          ],
        ],
      },
      {
        id: 'chambre',
        title: 'Chambre particulière',
        entries: [
          [
            'La chambre particulière est-elle remboursée\u00a0?',
            'Selon votre garantie, {brand} rembourse la chambre particulière par jour, dans la limite d’un plafond et d’un nombre de jours par an. Le montant figure dans votre tableau de garanties.',
          ],
          [
            'Quels justificatifs envoyer après mon séjour\u00a0?',
            'Le bulletin de situation et la facture acquittée de l’établissement, depuis « Me faire rembourser ».',
          ],
        ],
      },
    ],
  },
  {
    id: 'carte-tiers-payant',
    title: 'Carte de tiers payant',
    description: 'Votre carte pour ne pas avancer les frais.',
    themes: [
      {
        id: 'utiliser',
        title: 'Utiliser ma carte',
        entries: [
          [
            'À quoi sert la carte de tiers payant\u00a0?',
            'Présentée avec votre carte Vitale, elle permet aux pharmaciens, laboratoires, radiologues, opticiens et hôpitaux partenaires de se faire payer directement par {brand}\u00a0: vous n’avancez pas les frais.',
          ],
          [
            'Un professionnel refuse ma carte\u00a0: que faire\u00a0?',
            'Le tiers payant n’est pas obligatoire pour la part complémentaire. Réglez les soins puis demandez votre remboursement depuis votre espace avec la facture.',
          ],
        ],
      },
      {
        id: 'obtenir',
        title: 'Obtenir ou remplacer ma carte',
        entries: [
          [
            'Où trouver ma carte de tiers payant\u00a0?',
            'Elle est disponible à tout moment dans votre espace adhérent, à télécharger ou à présenter sur votre téléphone. Une nouvelle carte est émise chaque année.',
          ],
          [
            'J’ai perdu ma carte, comment en obtenir une nouvelle\u00a0?',
            'Téléchargez-la depuis votre espace\u00a0: la version numérique a la même valeur que la carte papier.',
          ],
        ],
      },
    ],
  },
  {
    id: 'cotisations',
    title: 'Cotisations',
    description: 'Montants, échéancier et prélèvements.',
    themes: [
      {
        id: 'paiement',
        title: 'Payer mes cotisations',
        entries: [
          [
            'Comment changer le compte de prélèvement de mes cotisations\u00a0?',
            'Depuis « Mes coordonnées bancaires », saisissez votre nouvel IBAN puis signez le mandat de prélèvement SEPA en ligne. Le changement s’applique à la prochaine échéance.',
          ],
          [
            'Puis-je payer mes cotisations chaque mois\u00a0?',
            'Oui\u00a0: le prélèvement peut être mensuel, trimestriel ou annuel. Faites votre demande depuis « Nous contacter ».',
          ],
        ],
      },
      {
        id: 'montant',
        title: 'Montant de ma cotisation',
        entries: [
          [
            'Pourquoi ma cotisation a-t-elle augmenté\u00a0?',
            'Les cotisations évoluent chaque 1er janvier selon l’âge, la composition de la famille et l’évolution des dépenses de santé. Le détail figure sur votre échéancier.',
          ],
          ['Où trouver mon échéancier\u00a0?', 'Dans « Mes contrats », rubrique échéancier\u00a0: vous y voyez chaque prélèvement à venir.'],
        ],
      },
    ],
  },
  {
    id: 'espace-adherent',
    title: 'Mon espace adhérent',
    description: 'Connexion, mot de passe et sécurité de votre compte.',
    themes: [
      {
        id: 'connexion',
        title: 'Connexion à mon espace',
        entries: [
          [
            'J’ai oublié mon mot de passe, que faire\u00a0?',
            'Sur la page de connexion, choisissez « Mot de passe oublié »\u00a0: vous recevez un lien par e-mail pour en créer un nouveau, valable une heure.',
          ],
          [
            'Je ne reçois pas le code de vérification en deux étapes par e-mail',
            'Vérifiez vos courriers indésirables, puis demandez un nouveau code. Si votre adresse a changé, obtenez un code conseiller sur la page « Aide » et appelez-nous\u00a0: un conseiller vous identifiera.',
          ],
          [
            'Quel est mon identifiant\u00a0?',
            'Votre numéro d’adhérent (8 chiffres, sur votre carte de tiers payant) ou l’adresse e-mail que vous avez choisie. « Identifiant oublié » vous le rappelle par e-mail.',
          ],
        ],
      },
      {
        id: 'securite',
        title: 'Sécurité et données personnelles',
        entries: [
          [
            'Comment mes données de santé sont-elles protégées\u00a0?',
            'Vos données sont hébergées en France chez un hébergeur certifié pour les données de santé, chiffrées en transit, et seules les personnes habilitées y accèdent. Vous pouvez exercer vos droits depuis « Nous contacter ».',
          ],
          [
            'À quoi sert le code conseiller de la page « Aide »\u00a0?',
            'Il permet à un conseiller au téléphone de retrouver votre dossier sans vous demander d’informations personnelles. Il est valable 30 minutes.',
          ],
        ],
      },
    ],
  },
];

/** The demo FAQ of both tenants, with their names. */
export async function seedFaq(db: Db): Promise<void> {
  for (const [tenantId, brand] of [
    ['mutua', 'Mutua Santé'],
    ['azur', 'Azur Prévoyance'],
  ] as const) {
    await insertFaq(db, tenantId, brand, FAQ);
  }
}

/** Inserts a FAQ tree for a tenant (demo data, tests). */
export async function insertFaq(db: Db, tenantId: string, brand: string, faq: FaqSeedCategory[]): Promise<void> {
  // French typography: a non-breaking space before ? ! : ; » and after «.
  const named = (text: string) =>
    text
      .replaceAll('{brand}', brand)
      .replace(/ ([?!:;»])/g, '\u00a0$1')
      .replace(/« /g, '«\u00a0');
  await db.insert(faqCategories).values(faq.map((c, position) => ({ tenantId, id: c.id, title: c.title, description: c.description, position })));
  await db.insert(faqThemes).values(faq.flatMap((c) => c.themes.map((t, position) => ({ tenantId, categoryId: c.id, id: t.id, title: t.title, position }))));
  await db.insert(faqEntries).values(
    faq.flatMap((c) =>
      c.themes.flatMap((t) =>
        t.entries.map(([question, answer], position) => {
          const entry = { question: named(question), answer: named(answer) };
          return { tenantId, categoryId: c.id, themeId: t.id, position, ...entry, ...faqSearchColumns(entry) };
        }),
      ),
    ),
  );
}
