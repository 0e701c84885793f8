import 'client-only';
import { useEffect } from 'react';

/**
 * Shows `title` in the tab while the component wants it ("Error: Contact | Saanjh Studio") in
 * place of the page's own (`pageTitle`). The page's metadata may put its own title back once it
 * settles after hydration: that one, and only that one, is replaced again (a title another page
 * sets, after a navigation, is left alone).
 */
export function useDocumentTitle(title: string, pageTitle: string) {
  useEffect(() => {
    if (title === pageTitle) {
      if (document.title !== pageTitle) document.title = pageTitle;
      return;
    }
    document.title = title;
    const observer = new MutationObserver(() => {
      if (document.title === pageTitle) document.title = title;
    });
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [title, pageTitle]);
}
