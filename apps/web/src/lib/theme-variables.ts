// The colour maths behind the brand's CSS variables, in its own chunk (lib/theme.ts loads it when it must colour
// the page itself: the dev server, or a brand changed while the app is open).
export { getThemeVariables } from '@rally/shared';
