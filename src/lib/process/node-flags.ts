// Node/V8 flags of the storefront (`npm start`) and of its seller network (issue 14: memory).
// package.json's start script carries the storefront's list (node-flags.test.ts holds them together).
//
// --liftoff-only: PGlite is PostgreSQL compiled to WebAssembly. V8 first compiles it with its
// baseline compiler (Liftoff), then recompiles hot functions with its optimising compiler in the
// background; those recompilations of PostgreSQL's largest functions took ~500 MB of compiler
// memory at their peak and left the process at 500+ MB. Baseline code alone keeps the storefront
// near 200 MB; measured on the catalogue calls in BENCHMARKS.md. No effect without PGlite.
// --max-semi-space-size: the young generation grows to 3 × 16 MB under load by default and is
// not given back; 4 MB semi-spaces cost a few more scavenges and no measurable latency.
// --heap-growing-percent=50: after a full collection V8 lets the old generation grow to 1.5× what
// survived it before the next, rather than up to 4× when collecting looks cheap; under 20–50
// page loads a second the storefront's heap otherwise went from ~40 to ~120 MB of garbage (issue 30,
// `npm run bench -- page-memory`: peaks 252–271 MB against 305–315 MB without, BENCHMARKS.md).
// --expose-gc: lets the storefront give back what the start-up ingest freed at once
// (memory.server.ts), rather than 10–20 s later.
export const NODE_FLAGS = ['--liftoff-only', '--max-semi-space-size=4', '--heap-growing-percent=50', '--expose-gc'] as const;

// The seller network answers a few searches and orders, not a shopper's every tap, and runs no
// PGlite: it trades some speed for memory (with its bundle ~155 → ~87 MB at the default catalogue).
// --no-opt --no-maglev: its JavaScript runs on V8's interpreter and baseline code only (signing a
// message stays a few milliseconds), without the optimising compilers' code and memory (~8 MB).
// --optimize-for-size: V8 grows the heap in smaller steps, compiles less eagerly and keeps less
// code. --max-semi-space-size=1: a 2 MB young generation rather than 8 MB. --v8-pool-size=1: one
// background thread for V8's collector and compilers rather than four, each of which kept a
// malloc arena of its own. --expose-gc: what answering a full catalogue took goes back at once.
export const NETWORK_NODE_FLAGS = ['--no-opt', '--no-maglev', '--optimize-for-size', '--max-semi-space-size=1', '--v8-pool-size=1', '--expose-gc'] as const;

// The environment both processes start with. glibc's malloc settings, read when a process starts: `npm start` sets them before Node runs and
// the storefront passes them on to the seller network. By default each thread that allocates gets
// an arena of its own (up to 8 per core) that keeps what it freed, and after a large block is
// freed glibc raises its thresholds, so later large blocks come from the heap and freed memory
// stays with the process. Two arenas and fixed 128 KB thresholds (large blocks mapped on their
// own, free memory at the heap's top given back) held the storefront at ~192 MB after the start-up
// ingest against ~220 MB (issue 14, BENCHMARKS.md).
// NODE_ENV=production: React's server renderer is a package, not bundled, and picks its build
// when loaded: without it every page was rendered by React's development build (a listing at
// 108 req/s against 170, BENCHMARKS.md).
export const START_ENV = { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' } as const;
