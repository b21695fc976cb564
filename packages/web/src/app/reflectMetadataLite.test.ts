import { describe, expect, it } from 'vitest';
import { Container } from 'inversify';
import { createReflectMetadataLite, installReflectMetadataLite } from './reflectMetadataLite.js';

describe('reflectMetadataLite', () => {
  it('should keep own metadata per target and property, as inversify numbers its bindings', () => {
    const reflect = createReflectMetadataLite();
    const target = {};
    expect(reflect.getOwnMetadata('id', target)).toBeUndefined();
    expect(reflect.hasOwnMetadata('id', target)).toBe(false);
    reflect.defineMetadata('id', 1, target);
    reflect.defineMetadata('id', 'p', target, 'property');
    expect(reflect.getOwnMetadata('id', target)).toBe(1);
    expect(reflect.getOwnMetadata('id', target, 'property')).toBe('p');
    expect(reflect.getOwnMetadata('other', target)).toBeUndefined();
    expect(reflect.hasOwnMetadata('id', target)).toBe(true);
  });

  it('should find inherited metadata along the prototype chain with getMetadata only', () => {
    const reflect = createReflectMetadataLite();
    class Base {}
    class Derived extends Base {}
    reflect.defineMetadata('class', 'base', Base);
    expect(reflect.getMetadata('class', Derived)).toBe('base');
    expect(reflect.hasMetadata('class', Derived)).toBe(true);
    expect(reflect.getOwnMetadata('class', Derived)).toBeUndefined();
    reflect.defineMetadata('class', 'derived', Derived);
    expect(reflect.getMetadata('class', Derived)).toBe('derived');
    expect(reflect.hasMetadata('none', Derived)).toBe(false);
  });

  it('should leave a full polyfill in place and fill an empty Reflect', () => {
    const getOwnMetadata = () => 'full';
    const full = { getOwnMetadata };
    installReflectMetadataLite(full);
    expect(full.getOwnMetadata).toBe(getOwnMetadata);
    const empty = {} as Record<string, unknown>;
    installReflectMetadataLite(empty);
    expect(Object.keys(empty).sort()).toEqual(['defineMetadata', 'getMetadata', 'getOwnMetadata', 'hasMetadata', 'hasOwnMetadata']);
  });

  it('should serve inversify’s decorator-free bindings like the polyfill', () => {
    const reflect = Reflect as unknown as Record<string, unknown>;
    const saved = Object.fromEntries(['defineMetadata', 'getMetadata', 'getOwnMetadata', 'hasMetadata', 'hasOwnMetadata'].map((name) => [name, reflect[name]]));
    try {
      Object.assign(reflect, createReflectMetadataLite());
      const container = new Container({ defaultScope: 'Singleton' });
      container.bind<string>('a').toConstantValue('A');
      container.bind<string>('b').toDynamicValue((ctx) => `${ctx.get<string>('a')}B`);
      expect(container.get<string>('b')).toBe('AB');
      expect(container.get<string>('b')).toBe(container.get<string>('b'));
    } finally {
      Object.assign(reflect, saved);
    }
  });
});
