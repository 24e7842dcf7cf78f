// How soon V8 optimises the engine's functions. V8 compiles a function with its optimising
// compiler (TurboFan, on background threads) once the function has run a fixed amount of
// bytecode, the "interrupt budget" (67,584 bytes in Node 20). The engine has many functions
// that run often enough to pass that early in a scan but not long enough for the compiled code
// to pay back its compile time; a scan of a TypeScript web application spent about a third of
// its CPU time in those background compilations (per-thread CPU from /proc). With a budget of
// 300,000 only the functions that stay hot are optimised: outline's scan took 6.0 s of CPU
// instead of 8.9 s and 3.2 s of wall time instead of 4.6 s, with the same findings
// (docs/benchmarks.md, "Speed on web applications").
//
// V8 flags are shared by every thread of the process, so the worker threads get the same
// budget. A budget given on the command line (`node --interrupt-budget=N`) is left alone.
import { setFlagsFromString } from 'node:v8';

const INTERRUPT_BUDGET = 300_000;

if (!process.execArgv.some((a) => a.startsWith('--interrupt-budget'))) setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
