// Stands in for `reflect-metadata/lite` in the build (vite.config.ts aliases it here). @inversifyjs/container imports
// that polyfill for decorators; with the decorator-free bindings of container.ts (ADR 0003) inversify only numbers its
// bindings through Reflect.getOwnMetadata/defineMetadata on `Object`, and reads class metadata through getMetadata when
// a class is bound. These few functions of the metadata proposal do that in a fraction of the polyfill's 2 kB gzip on
// the way to a usable chat; no emitDecoratorMetadata, no Reflect.decorate (only inversify's decorate() helper uses it).

type PropertyKey = string | symbol | undefined;

/** The functions of the metadata proposal that inversify's reflect-metadata-utils call. */
export interface ReflectMetadataLite {
  defineMetadata(metadataKey: unknown, metadataValue: unknown, target: object, propertyKey?: PropertyKey): void;
  getOwnMetadata(metadataKey: unknown, target: object, propertyKey?: PropertyKey): unknown;
  getMetadata(metadataKey: unknown, target: object, propertyKey?: PropertyKey): unknown;
  hasOwnMetadata(metadataKey: unknown, target: object, propertyKey?: PropertyKey): boolean;
  hasMetadata(metadataKey: unknown, target: object, propertyKey?: PropertyKey): boolean;
}

/** Metadata kept per target object, then per property (undefined: the target itself), then per key. */
export function createReflectMetadataLite(): ReflectMetadataLite {
  const store = new WeakMap<object, Map<PropertyKey, Map<unknown, unknown>>>();
  const ownMap = (target: object, propertyKey: PropertyKey) => store.get(target)?.get(propertyKey);
  /** The nearest object on the prototype chain with the key, or undefined. */
  const holder = (metadataKey: unknown, target: object, propertyKey: PropertyKey) => {
    for (let current: object | null = target; current !== null; current = Object.getPrototypeOf(current) as object | null) {
      const map = ownMap(current, propertyKey);
      if (map?.has(metadataKey)) return map;
    }
    return undefined;
  };
  return {
    defineMetadata(metadataKey, metadataValue, target, propertyKey) {
      let properties = store.get(target);
      if (!properties) store.set(target, (properties = new Map()));
      let map = properties.get(propertyKey);
      if (!map) properties.set(propertyKey, (map = new Map()));
      map.set(metadataKey, metadataValue);
    },
    getOwnMetadata: (metadataKey, target, propertyKey) => ownMap(target, propertyKey)?.get(metadataKey),
    getMetadata: (metadataKey, target, propertyKey) => holder(metadataKey, target, propertyKey)?.get(metadataKey),
    hasOwnMetadata: (metadataKey, target, propertyKey) => ownMap(target, propertyKey)?.has(metadataKey) ?? false,
    hasMetadata: (metadataKey, target, propertyKey) => holder(metadataKey, target, propertyKey) !== undefined,
  };
}

/** Adds the functions to `target` (the global Reflect) unless a full polyfill is already there. */
export function installReflectMetadataLite(target: object = Reflect): void {
  if (typeof (target as Partial<ReflectMetadataLite>).getOwnMetadata === 'function') return;
  Object.assign(target, createReflectMetadataLite());
}

installReflectMetadataLite();
