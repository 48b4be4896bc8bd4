import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { HydrateLater } from './HydrateLater';

function Counter() {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks((n) => n + 1)}>
      Clicked {clicks}
    </button>
  );
}

function Page() {
  return (
    <div>
      <header>Menu</header>
      <HydrateLater>
        <input aria-label="Name" />
        <Counter />
      </HydrateLater>
    </div>
  );
}

describe('HydrateLater', () => {
  let container: HTMLDivElement;
  let root: Root | undefined;
  const errors = jest.spyOn(console, 'error');

  beforeEach(() => {
    container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.appendChild(container);
    errors.mockClear();
  });

  afterEach(() => {
    act(() => root?.unmount());
    container.remove();
  });

  it('keeps the server HTML and what was typed into it, without a hydration warning', async () => {
    const input = container.querySelector('input')!;
    input.value = 'typed before the scripts';
    await act(async () => {
      root = hydrateRoot(container, <Page />);
    });
    expect(container.querySelector('input')).toBe(input);
    expect(input.value).toBe('typed before the scripts');
    expect(errors).not.toHaveBeenCalled();
  });

  it('answers a click inside it that comes before its turn to hydrate', async () => {
    root = hydrateRoot(container, <Page />);
    // Still the server's button: the click makes React hydrate it at once and then handle the click.
    container.querySelector('button')!.click();
    await act(async () => {});
    expect(container.querySelector('button')!.textContent).toBe('Clicked 1');
    expect(errors).not.toHaveBeenCalled();
  });
});
