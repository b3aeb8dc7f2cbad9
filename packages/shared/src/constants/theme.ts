/** Default primary colour of a client (SPEC 3, 9). */
export const DEFAULT_PRIMARY_COLOR = '#007E97';
/** Default secondary colour of a client (SPEC 3, 9). */
export const DEFAULT_SECONDARY_COLOR = '#6BF15C';
/** Home image (larger logo) default size (SPEC 3, 9). */
export const HOME_IMAGE_SIZE = { width: 70, height: 70 } as const;
/** Header logo size (SPEC 2, 9). */
export const HEADER_LOGO_SIZE = { width: 40, height: 40 } as const;
/** Number of colours derived from the primary colour for charts and avatars (SPEC 9). */
export const PALETTE_SIZE = 30;
/** Product name; also the session cookie name (SPEC 9). */
export const PRODUCT_NAME = 'Rally';
export const SESSION_COOKIE = 'rally';
