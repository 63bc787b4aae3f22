import { usePageMeta } from '../app/hooks';

/**
 * A route of SPEC 2 whose screen a later issue builds. It says so plainly rather than pretending.
 */
export function Placeholder({ title }: { title: string }) {
  usePageMeta(title, `${title}: coming soon.`);
  return (
    <main className="page">
      <h1>{title}</h1>
      <p>This page is being prepared and will be available soon.</p>
    </main>
  );
}
