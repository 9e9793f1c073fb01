// The home page's Seedfinder teaser: its own file, so the home page does not load the quiz's texts.
export const seedfinderTeaser = {
  title: 'Weet je nog niet welke soort?',
  pitch: 'Beantwoord drie vragen en de Seedfinder kiest de soorten die bij je passen.',
  cta: 'Start de Seedfinder',
  dialogTitle: 'Snel je soort vinden',
  dialogDescription: 'Drie vragen, daarna tonen we je beste matches. Overslaan mag.',
  fullQuiz: 'Liever alle negen vragen?',
} as const;
