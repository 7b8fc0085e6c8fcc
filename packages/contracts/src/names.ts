/** 'LÉA' → 'Léa', 'JEAN-PIERRE' → 'Jean-Pierre', "D'ARC" → "D'Arc": names are shown capitalised. */
export function capitalizeName(name: string): string {
  return name
    .toLocaleLowerCase('fr-FR')
    .replace(/(^|[\s'’-])(\p{L})/gu, (_, separator: string, letter: string) => separator + letter.toLocaleUpperCase('fr-FR'));
}

/** First name then surname, capitalised: 'Camille Durand'. */
export function formatPersonName(person: { firstName: string; surName: string }): string {
  return `${capitalizeName(person.firstName)} ${capitalizeName(person.surName)}`;
}
