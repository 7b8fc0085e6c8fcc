import type { PlacedLink } from '../../lib/links';

export const links: readonly PlacedLink[] = [
  {
    place: 'new-request-hub',
    order: 10,
    key: 'refund',
    title: 'Me faire rembourser',
    text: 'Envoyez une facture ou un décompte pour être remboursé.',
    route: 'getRefund',
  },
  {
    place: 'new-request-hub',
    order: 30,
    key: 'prepare',
    title: 'Préparer un soin à venir',
    text: 'Devis, prise en charge hospitalière\u00a0: anticipez vos frais.',
    route: 'prepareTreatment',
  },
  {
    place: 'new-request-hub',
    order: 40,
    key: 'proof',
    title: 'Partager un justificatif',
    text: 'Certificat de scolarité, avis d’imposition, attestation…',
    route: 'docSharing',
  },
];
