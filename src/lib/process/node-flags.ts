// Node/V8 flags the storefront (`npm start`) and its seller network run with (issue 14: memory).
// package.json's start script carries the same list (node-flags.test.ts holds them together).
//
// --liftoff-only: PGlite is PostgreSQL compiled to WebAssembly. V8 first compiles it with its
// baseline compiler (Liftoff), then recompiles hot functions with its optimising compiler in the
// background; those recompilations of PostgreSQL's largest functions took ~500 MB of compiler
// memory at their peak and left the process at 500+ MB. Baseline code alone keeps the storefront
// near 200 MB; measured on the catalogue calls in BENCHMARKS.md. No effect without PGlite.
// --max-semi-space-size: the young generation grows to 3 × 16 MB under load by default and is
// not given back; 4 MB semi-spaces cost a few more scavenges and no measurable latency.
export const NODE_FLAGS = ['--liftoff-only', '--max-semi-space-size=4'] as const;
