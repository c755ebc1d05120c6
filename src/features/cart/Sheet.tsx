import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';

interface Props {
  titleId: string;
  onClose: () => void;
  /** Where focus goes on close when the control that opened the sheet is no longer there. */
  returnFocus?: (() => HTMLElement | null) | undefined;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function firstFocusableIn(root: Element | null | undefined): HTMLElement | null {
  return root?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
}

/**
 * A modal bottom sheet on the native <dialog>: focus moves in, Escape closes it, and the page
 * behind is inert, without a focus-trap library. The native dialog lets Tab leave for the
 * browser's own controls after its last button; a phone's keyboard user then loses the sheet, so
 * Tab and Shift+Tab wrap around inside it.
 */
export default function Sheet({ titleId, onClose, returnFocus, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  // Read when the sheet closes, from the owner's last render: not a reason to open it again.
  const fallbackFocus = useEffectEvent(() => returnFocus?.());
  useEffect(() => {
    const dialog = ref.current;
    // The sheet leaves the DOM when it closes, so the browser cannot give focus back by itself.
    // The control that opened it may be gone (Add becomes a stepper while the add waits): then
    // the owner says where focus goes.
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      // After the closing update has settled: what closed the sheet may re-render its owner.
      setTimeout(() => (opener?.isConnected ? opener : fallbackFocus())?.focus());
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="sheet"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Tab') return;
        const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = focusable[0];
        const last = focusable.at(-1);
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
    >
      {children}
    </dialog>
  );
}
