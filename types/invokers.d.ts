// Invoker commands (a button that opens or closes a dialog by itself: Chrome 135, Firefox 144,
// Safari 26.2), which React passes through as plain attributes but whose types it lacks.
import 'react';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merged with React's own
  interface ButtonHTMLAttributes<T> {
    command?: 'show-modal' | 'close' | 'request-close' | undefined;
    commandfor?: string | undefined;
  }
}
