// Texts of the image route (plain-text error answers).
export const images = {
  badWidth: (widths: readonly number[]) => `Ongeldige breedte. Kies een van: ${widths.join(', ')}.`,
  badDpr: 'Ongeldige pixeldichtheid. Kies 1 of 2.',
  notFound: 'Afbeelding niet gevonden.',
  failed: 'De afbeelding kon niet worden gemaakt. Probeer het later opnieuw.',
} as const;
