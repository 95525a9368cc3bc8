import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a named export (the code base uses named exports only). */
export const lazyNamed = <P extends object, K extends string>(
  load: () => Promise<{ [Key in K]: ComponentType<P> }>,
  name: K,
): LazyExoticComponent<ComponentType<P>> => lazy(async () => ({ default: (await load())[name] }));
