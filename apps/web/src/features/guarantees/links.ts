import type { PlacedLink } from '../../lib/links';

export const links: readonly PlacedLink[] = [
  {
    place: 'new-request-hub',
    order: 20,
    key: 'estimate',
    title: 'Estimer un remboursement',
    text: 'Avant un soin\u00a0: ce que vous rembourseraient la Sécurité sociale et votre mutuelle.',
    route: 'estimate',
  },
];
