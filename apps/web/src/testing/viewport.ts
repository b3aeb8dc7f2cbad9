interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width?: number; height?: number }): void };
}

/** Resizes the window (innerWidth, matchMedia and resize events follow): 360 × 740 is a small phone. */
export function setViewport(width: number, height = 740): void {
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height });
}

/** Tailwind's default breakpoints (min-width), in the order Tailwind emits them. */
const BREAKPOINTS = { sm: '40rem', md: '48rem', lg: '64rem', xl: '80rem' } as const;
const DISPLAYS = {
  hidden: 'none',
  block: 'block',
  'inline-block': 'inline-block',
  inline: 'inline',
  flex: 'flex',
  'inline-flex': 'inline-flex',
  grid: 'grid',
} as const;

/**
 * The display utilities of Tailwind and their breakpoint variants (`hidden md:block`, `md:hidden`…) as a
 * stylesheet: the tests do not build the app's CSS, yet what a phone hides must be hidden to them too (Testing
 * Library's queries by role skip elements that are not displayed). Base rules first, then each breakpoint in
 * ascending order, as Tailwind orders them, so the wider variant wins.
 */
export function installResponsiveDisplayStyles(): void {
  const rules = (prefix: string) =>
    Object.entries(DISPLAYS)
      .map(([name, display]) => `.${prefix}${name} { display: ${display}; }`)
      .join('\n');
  const css = [
    rules(''),
    ...Object.entries(BREAKPOINTS).map(
      ([breakpoint, width]) => `@media (min-width: ${width}) {\n${rules(`${breakpoint}\\:`)}\n}`,
    ),
  ].join('\n');
  const style = document.createElement('style');
  style.dataset.testing = 'responsive-display';
  style.textContent = css;
  document.head.append(style);
}
