// Our own client directives, typed for .astro templates (astro check).
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates on the first pointerdown, focus or key inside the island and replays a form tap (src/features/platform/interaction.directive.ts). */
    'client:interaction'?: boolean;
  }
}
