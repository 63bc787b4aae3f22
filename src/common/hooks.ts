import { useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import type { ToastRequest } from '#machines/toasts.machine';
import { documentTitle, type PageMeta } from '#domain/fixedPages';
import { useAppActors } from './AppActorsContext';

export function useAuth() {
  const { auth } = useAppActors();
  const user = useSelector(auth, (snapshot) => snapshot.context.user);
  const signedIn = useSelector(auth, (snapshot) => snapshot.hasTag('signedIn'));
  return { user, signedIn, send: auth.send };
}

export function useToast() {
  const { toasts } = useAppActors();
  return useCallback((toast: ToastRequest) => toasts.send({ type: 'toast.add', toast }), [toasts]);
}

/**
 * Every page says what it is in the tab and to search engines, from the one list the server also puts into the
 * HTML it answers (#domain/pages).
 */
export function usePageMeta({ title, description }: Pick<PageMeta, 'title' | 'description'>) {
  useEffect(() => {
    document.title = documentTitle({ title });
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
