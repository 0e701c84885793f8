import { describe, expect, jest, test } from '@jest/globals';
import { HYDRATED } from '@/lib/browser/first-paint';
import { earlyTaps } from './early-taps';

let doc: Document;

/**
 * A page as the server sent it, with the early-tap script running and React not yet there. Each
 * is a document of its own, since the script listens on its document for good.
 */
function page(markup: string) {
  doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML = markup;
  earlyTaps(doc);
}

/** React hydrates: the page's handlers start listening, then HydratedMark sets its mark. */
async function hydrate(listen: () => void = () => {}) {
  listen();
  doc.documentElement.setAttribute(HYDRATED, '');
  await Promise.resolve(); // the MutationObserver's callback
}

const byId = <T extends HTMLElement>(id: string) => doc.getElementById(id) as T;

/** Whether an element shows as pressed (jest-dom's matchers want the test window's elements). */
const pressed = (element: Element) =>
  element.hasAttribute('data-early-tap') && element.getAttribute('aria-busy') === 'true';

const dispatch = (target: Element, type: string) =>
  target.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));

describe('the early-tap script', () => {
  test('holds a button tapped before hydration, shows it pressed, and taps it once after', async () => {
    page('<button id="add" type="button">Add to Cart</button>');
    const add = byId<HTMLButtonElement>('add');
    const early = jest.fn();
    add.addEventListener('click', early);
    add.click();
    add.click();
    add.click();
    // The page's own (not yet hydrated) listeners never see the early taps.
    expect(early).not.toHaveBeenCalled();
    expect(pressed(add)).toBe(true);

    const onClick = jest.fn();
    await hydrate(() => {
      add.removeEventListener('click', early);
      add.addEventListener('click', onClick);
    });
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(add.hasAttribute('data-early-tap') || add.hasAttribute('aria-busy')).toBe(false);
  });

  test('plays taps back in the order they were made, one per button', async () => {
    page('<button id="a">A</button><button id="b">B</button>');
    const order: string[] = [];
    byId('b').click();
    byId('a').click();
    byId('b').click();
    await hydrate(() => {
      for (const id of ['a', 'b']) byId(id).addEventListener('click', () => order.push(id));
    });
    expect(order).toEqual(['b', 'a']);
  });

  test('a tap after hydration goes straight through', async () => {
    page('<button id="add">Add</button>');
    const onClick = jest.fn();
    await hydrate(() => byId('add').addEventListener('click', onClick));
    byId('add').click();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(pressed(byId('add'))).toBe(false);
  });

  test('leaves links, disabled buttons and native popover and dialog controls alone', async () => {
    page(
      '<a id="link" href="#there">There</a>' +
        '<button id="menu" popovertarget="panel">Menu</button>' +
        '<button id="view" commandfor="card" command="show-modal">View</button>' +
        '<button id="off" disabled>Off</button>',
    );
    const seen: string[] = [];
    doc.addEventListener('click', (event) => {
      if (!event.defaultPrevented) seen.push((event.target as Element).id);
    });
    for (const id of ['link', 'menu', 'view']) byId(id).click();
    expect(seen).toEqual(['link', 'menu', 'view']);
    expect(doc.querySelector('[data-early-tap]')).toBeNull();
  });

  test('where the browser lacks Invoker Commands and closedby, opens and closes the dialog itself', () => {
    page(
      '<button id="view" commandfor="card" command="show-modal">View</button>' +
        '<dialog id="card" closedby="any"><button id="shut" commandfor="card" command="close">Close</button></dialog>',
    );
    // jsdom, like WebKit 2.50 and Safari before 26, knows neither (nor showModal: given here).
    expect('command' in HTMLButtonElement.prototype).toBe(false);
    expect('closedBy' in HTMLDialogElement.prototype).toBe(false);
    Object.assign(HTMLDialogElement.prototype, {
      showModal(this: HTMLDialogElement) {
        this.open = true;
      },
      close(this: HTMLDialogElement) {
        this.open = false;
      },
    });
    const card = byId<HTMLDialogElement>('card');
    byId('view').click();
    expect(card.open).toBe(true);
    byId('shut').click();
    expect(card.open).toBe(false);
    byId('view').click();
    card.click(); // a tap on the backdrop targets the dialog itself
    expect(card.open).toBe(false);
    expect(doc.querySelector('[data-early-tap]')).toBeNull();
  });

  test('holds a form submitted before hydration and submits it once React handles it', async () => {
    page(
      '<form id="form"><input name="email" value="asha@example.com" />' +
        '<button id="send" type="submit">Send</button></form>',
    );
    const form = byId<HTMLFormElement>('form');
    const native = jest.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', native);
    dispatch(form, 'submit');
    expect(native).not.toHaveBeenCalled();
    expect(pressed(form)).toBe(true);

    const onSubmit = jest.fn((event: Event) => event.preventDefault());
    await hydrate(() => {
      form.removeEventListener('submit', native);
      form.addEventListener('submit', onSubmit);
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(form.querySelector('input')!.value).toBe('asha@example.com');
    expect(pressed(form)).toBe(false);
  });

  test('tells React where a slider moved before hydration, even though the value is already there', async () => {
    page('<input id="slider" type="range" min="0" max="100" value="50" />');
    const slider = byId<HTMLInputElement>('slider');
    slider.value = '20';
    dispatch(slider, 'input');

    // React watches the element's value through an own property, as its value tracker does: it
    // reports an input event only when the value differs from the last one it knew.
    let known = '20';
    const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
    Object.defineProperty(slider, 'value', {
      get: () => native.get!.call(slider),
      set: (value: string) => {
        known = String(value);
        native.set!.call(slider, value);
      },
    });
    const onChange = jest.fn();
    await hydrate(() =>
      slider.addEventListener('input', () => {
        if (slider.value !== known) onChange(slider.value);
        known = slider.value;
      }),
    );
    expect(onChange).toHaveBeenCalledWith('20');
    expect(slider.value).toBe('20');
  });
});
