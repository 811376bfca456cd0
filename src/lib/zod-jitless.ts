// Zod probes for eval support with `new Function`, which the Content-Security-Policy of the portal and the player
// app (script-src 'self', no 'unsafe-eval') reports as a violation. Jitless, zod validates the same, only without
// compiled fast paths. Zod keeps its settings (what z.config() writes) in this global object and holds on to the
// object it found when it loaded: the flag is set on that object when zod is already in (it reads the flag only
// when it first validates, later than an entry's first lines), or left in an object zod adopts when it loads later
// in a screen's chunk. Calling z.config() instead would pull zod into the first bundle. tests/e2e/csp.spec.ts
// fails if zod stops honouring it.

export function preferJitlessZod(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (holder.__zod_globalConfig ??= {}).jitless = true;
}
