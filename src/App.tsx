import { useSelector } from '@xstate/react';
import { useAppActors } from './app/AppActorsContext';
import { CookieBanner } from './components/CookieBanner';
import { Splash } from './components/Splash';
import { Toaster } from './components/Toaster';
import { Routes } from './routes';

export function App() {
  const { appStart } = useAppActors();
  const ready = useSelector(appStart, (snapshot) => snapshot.matches('ready'));
  return (
    <>
      {ready ? <Routes /> : <Splash />}
      <CookieBanner />
      <Toaster />
    </>
  );
}
