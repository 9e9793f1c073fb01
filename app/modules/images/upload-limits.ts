// Limits of strain photo uploads (ADR 033), shared by the server checks and the form's hint.
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Decompression bombs stop here: sharp refuses to decode more pixels than this. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** The largest shown size is 1536 px wide; smaller photos would be blown up. */
export const IMAGE_MIN_SIDE = 600;
/** Germination claim photos (ADR 074): a seed tray is readable from 400 px; stored at most 1600 px. */
export const CLAIM_PHOTO_MIN_SIDE = 400;
export const CLAIM_PHOTO_MAX_SIDE = 1600;
