// The module resolve hook registered by register-server-only.mjs (it runs on
// Node's module loader thread): `server-only` under the "react-server"
// condition, everything else unchanged.

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, nextResolve) {
  if (specifier !== 'server-only') return nextResolve(specifier, context);
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, 'react-server'] });
}
