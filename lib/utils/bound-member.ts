// A property read forwarded to another object, methods bound to it: the `get`
// trap of the lazy singletons (lib/db.ts, lib/log.ts) and of server/'s pool wrapper.
export function boundMember(target: object, prop: PropertyKey): unknown {
  const value: unknown = Reflect.get(target, prop, target);
  return typeof value === 'function' ? value.bind(target) : value;
}
