import { useEffect } from 'react';

/**
 * For card overlays: once the row they show is read as gone (null: deleted here, elsewhere, or by
 * a pull), close, as there is nothing left to show. Undefined is still being read.
 */
export function useCloseWhenGone(row: unknown, onClose: () => void): void {
  useEffect(() => {
    if (row === null) onClose();
  }, [row, onClose]);
}
