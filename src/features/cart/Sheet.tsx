import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  titleId: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal bottom sheet on the native <dialog>: focus moves in and stays, Escape closes it, and
 * the page behind is inert, without a focus-trap library.
 */
export default function Sheet({ titleId, onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
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
    >
      {children}
    </dialog>
  );
}
