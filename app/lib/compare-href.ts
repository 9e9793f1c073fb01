// The comparison page's address: in lib because every product card links to it, and shared components may not
// import module code.
export const COMPARE_PATH = '/vergelijken';
export const COMPARE_PARAMS = { strains: 'soorten', add: 'toevoegen', refused: 'niet-toegevoegd' } as const;

/** The link that adds one strain to the visitor's comparison. */
export const addToCompareHref = (slug: string) => `${COMPARE_PATH}?${COMPARE_PARAMS.add}=${encodeURIComponent(slug)}`;
