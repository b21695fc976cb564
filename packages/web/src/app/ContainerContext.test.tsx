// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { Container } from 'inversify';
import { describe, expect, it } from 'vitest';
import { ContainerProvider, useInjectionOrBind } from './ContainerContext.js';

const GreetingToken = Symbol.for('Greeting');

function Greeting({ create }: { readonly create: () => { text: string } }) {
  const greeting = useInjectionOrBind(GreetingToken, create);
  return <p>{greeting.text}</p>;
}

describe('useInjectionOrBind', () => {
  it('should bind the created service once as the page singleton when the container has none', () => {
    const container = new Container({ defaultScope: 'Singleton' });
    let created = 0;
    const create = () => ({ text: `Hallo ${++created}` });
    render(
      <ContainerProvider container={container}>
        <Greeting create={create} />
        <Greeting create={create} />
      </ContainerProvider>,
    );
    expect(screen.getAllByText('Hallo 1')).toHaveLength(2);
    expect(created).toBe(1);
  });

  it('should prefer a binding made beforehand and not create its own', () => {
    const container = new Container({ defaultScope: 'Singleton' });
    container.bind(GreetingToken).toConstantValue({ text: 'Vorgegeben' });
    render(
      <ContainerProvider container={container}>
        <Greeting create={() => ({ text: 'Eigenes' })} />
      </ContainerProvider>,
    );
    expect(screen.getByText('Vorgegeben')).toBeTruthy();
  });
});
