import { useNavigate, useSearch } from '@tanstack/react-router';

type ScreenPath = '/tickets' | '/machines' | '/incidents' | '/maintenance';

/**
 * Which modal a screen shows lives in its URL (`?new=1`, `?ticket=<id>`), so the dashboard and other
 * screens can link straight to a form or a record, and a reload keeps it open.
 */
export function useUrlModals(screen: ScreenPath) {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const show = (next: Record<string, string | 1>) =>
    void navigate({ to: screen, search: next, replace: true, resetScroll: false });
  return {
    isNew: Boolean(search.new),
    /** The id a search parameter names, or null. */
    idIn: (parameter: string): string | null => {
      const value = search[parameter];
      return typeof value === 'string' ? value : null;
    },
    show,
    close: () => show({}),
  };
}
