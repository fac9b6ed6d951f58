import {useEffect} from 'react';

/** Whether a key event was typed into something editable, looking inside shadow roots too. */
export function isTypingTarget(event: KeyboardEvent): boolean {
  const target = (event.composedPath?.()[0] ?? event.target) as HTMLElement | null;
  if (!target || !('tagName' in target)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Whether a key event comes from inside a panel that keeps its keys to itself (`data-no-search-shortcuts`). */
export function isOptedOut(event: KeyboardEvent): boolean {
  const target = (event.composedPath?.()[0] ?? event.target) as Element | null;
  return Boolean(target && 'closest' in target && target.closest('[data-no-search-shortcuts]'));
}

/**
 * Ctrl+K / ⌘K toggles search, "/" opens it, Escape closes it. "/" never
 * opens search while the reader types into a field, including fields inside
 * widgets' shadow roots, which the DocSearch hook would not see; neither key
 * does anything inside a panel such as Ask AI.
 */
export function useSearchShortcuts({
  isOpen,
  onOpen,
  onClose,
}: {
  isOpen: boolean;
  onOpen: () => void;
  onClose: () => void;
}) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isOptedOut(event)) return;
      const key = event.key?.toLowerCase();
      if (key === 'k' && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        if (isOpen) onClose();
        else onOpen();
      } else if (key === 'escape' && isOpen) {
        event.preventDefault();
        onClose();
      } else if (event.key === '/' && !isOpen && !isTypingTarget(event)) {
        event.preventDefault();
        onOpen();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen, onOpen, onClose]);
}
