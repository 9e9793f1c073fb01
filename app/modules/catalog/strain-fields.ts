// The choices of a strain's fields (SPEC §3) for forms, which may not import the database schema; the
// schema's lists (app/db/schema/catalog.ts) are checked against these in strain-admin.server.ts.
export const STRAIN_TYPES = ['indica', 'mostly_indica', 'hybrid', 'mostly_sativa', 'sativa'] as const;
export const DIFFICULTIES = ['beginner', 'advanced', 'expert'] as const;
export const GENOTYPES = ['landrace', 'ibl', 'f1_hybrid', 'polyhybrid', 'auto_hybrid'] as const;
export const GROW_SETTINGS = ['indoor', 'outdoor', 'greenhouse'] as const;
export const PRODUCT_STATUSES = ['draft', 'published'] as const;
export const CLIMATES = ['arid', 'mediterranean', 'mountains', 'polar', 'temperate', 'tropical'] as const;
export const FLOWERINGS = ['photoperiod', 'autoflower'] as const;
export const SEXES = ['feminized', 'regular'] as const;
