import { useEffect, useRef, useState, type ReactNode } from 'react';

interface Ask {
  title: string;
  body: ReactNode;
  confirm: string;
  danger?: boolean;
  resolve: (ok: boolean) => void;
}

/**
 * A confirmation dialog (the native modal <dialog>: focus moves into it, Esc
 * cancels, focus returns to the button that opened it). Returns the element
 * to render and `ask`, which resolves true when confirmed.
 */
export function useConfirm(): [ReactNode, (q: Omit<Ask, 'resolve'>) => Promise<boolean>] {
  const [q, setQ] = useState<Ask | null>(null);
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (q && d && !d.open) d.showModal();
  }, [q]);
  const close = (ok: boolean) => {
    ref.current?.close();
    q?.resolve(ok);
    setQ(null);
    (opener.current as HTMLElement | null)?.focus?.();
  };
  const el = q ? (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        close(false);
      }}
    >
      <h2 id="dialog-title">{q.title}</h2>
      <div className="dialog-body">{q.body}</div>
      <div className="form-actions dialog-actions">
        <button type="button" className="btn" onClick={() => close(false)} autoFocus>
          Cancel
        </button>
        <button type="button" className={`btn ${q.danger ? 'btn-danger' : 'btn-primary'}`} onClick={() => close(true)}>
          {q.confirm}
        </button>
      </div>
    </dialog>
  ) : null;
  const ask = (a: Omit<Ask, 'resolve'>) =>
    new Promise<boolean>((resolve) => {
      opener.current = document.activeElement;
      setQ({ ...a, resolve });
    });
  return [el, ask];
}

/** A short notice with an optional action (Undo), announced politely; it goes away by itself after a while. */
export function Notice({
  text,
  action,
  onAction,
  onClose,
}: {
  text: string;
  action?: string;
  onAction?: () => void;
  onClose: () => void;
}) {
  useEffect(() => {
    const t = window.setTimeout(onClose, 12_000);
    return () => window.clearTimeout(t);
  }, [onClose]);
  return (
    <div className="notice" role="status">
      <span>{text}</span>
      {action && (
        <button type="button" className="btn btn-small" onClick={onAction}>
          {action}
        </button>
      )}
      <button type="button" className="link-btn" aria-label="Dismiss" onClick={onClose}>
        ✕
      </button>
    </div>
  );
}
