import { useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import type { ToastRequest } from '#machines/toasts.machine';
import { company } from '#domain/company';
import { useAppActors } from './AppActorsContext';

export function useAuth() {
  const { auth } = useAppActors();
  const user = useSelector(auth, (snapshot) => snapshot.context.user);
  const signedIn = useSelector(auth, (snapshot) => snapshot.matches('signedIn'));
  return { user, signedIn, send: auth.send };
}

export function useToast() {
  const { toasts } = useAppActors();
  return useCallback((toast: ToastRequest) => toasts.send({ type: 'toast.add', toast }), [toasts]);
}

/** Every page says what it is in the tab and to search engines. */
export function usePageMeta(title: string | null, description: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${company.name}` : company.name;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
