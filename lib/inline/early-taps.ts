import { HYDRATED, whenHydrated } from '@/lib/browser/first-paint';

/**
 * Before React has hydrated the page, a button's click (a tap, a mouse click, Enter or Space) or a
 * form's submission would do nothing, or worse, submit the form natively and lose its answer. So
 * until `<html data-hydrated>` this:
 *
 * - holds the click on a button back from the page and shows the button pressed (`data-early-tap`
 *   and `aria-busy`, styled in app/globals.css), then clicks it again once React has hydrated it,
 *   once however many times it was tapped;
 * - does the same for a form's submission (the button that submitted it pressed again);
 * - remembers where a range slider was let go, and tells React once it listens (its value is
 *   first set through the element, which React watches, then back natively, which it does not,
 *   so that React sees a change to report);
 * - leaves alone what works without React: links, `<summary>`, and buttons whose behaviour is the
 *   browser's own (`popovertarget`, `commandfor`: the menu, the quick views, the photo viewer);
 * - but where the browser lacks Invoker Commands (Safari and WebKit before 26) does a
 *   `commandfor` button's `show-modal` or `close` itself, and closes a `closedby="any"` dialog on
 *   a tap on the dialog itself (its backdrop, which a browser without `closedby` ignores, or its
 *   box around the content), so that no tap is lost; once React has hydrated,
 *   components/ui/native-dialog.ts and the photo viewer do the same.
 */
export function earlyTaps(doc: Document = document) {
  const root = doc.documentElement;
  let held: (HTMLButtonElement | HTMLFormElement)[] = [];
  let ranges: HTMLInputElement[] = [];
  const hydrated = () => root.hasAttribute(HYDRATED);

  const hold = (event: Event, element: HTMLButtonElement | HTMLFormElement) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.includes(element)) return;
    held.push(element);
    element.setAttribute('data-early-tap', '');
    element.setAttribute('aria-busy', 'true');
  };

  const invokers = 'command' in HTMLButtonElement.prototype;

  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null;
      if (hydrated() || !target?.closest) return;
      // A tap on the dialog itself: its backdrop, or its own box around the content (a photo
      // viewer fills the screen, so it has no backdrop to tap).
      if (target instanceof HTMLDialogElement) {
        if (target.getAttribute('closedby') === 'any') target.close();
        return;
      }
      const button = target.closest('button');
      if (button && !invokers && button.hasAttribute('commandfor')) {
        const dialog = doc.getElementById(button.getAttribute('commandfor') ?? '');
        if (dialog instanceof HTMLDialogElement) {
          if (button.getAttribute('command') !== 'show-modal') dialog.close();
          else if (!dialog.open) dialog.showModal();
        }
        return;
      }
      if (
        !button ||
        button.disabled ||
        button.hasAttribute('popovertarget') ||
        button.hasAttribute('commandfor')
      )
        return;
      hold(event, button);
    },
    true,
  );
  doc.addEventListener(
    'submit',
    (event) => {
      if (hydrated()) return;
      const form = event.target as HTMLFormElement;
      const by = (event as SubmitEvent).submitter as HTMLButtonElement | null;
      hold(event, by && by.form === form ? by : form);
    },
    true,
  );
  doc.addEventListener(
    'input',
    (event) => {
      const input = event.target as HTMLInputElement;
      if (!hydrated() && input.type === 'range' && !ranges.includes(input)) ranges.push(input);
    },
    true,
  );

  const replay = () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const input of ranges) {
      const value = input.value;
      input.value = '';
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    for (const element of held) {
      element.removeAttribute('data-early-tap');
      element.removeAttribute('aria-busy');
      if (!element.isConnected) continue;
      if (element.tagName === 'FORM') (element as HTMLFormElement).requestSubmit();
      else element.click();
    }
    held = [];
    ranges = [];
  };
  whenHydrated(replay, 0, root);
}
