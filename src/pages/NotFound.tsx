import { Link } from 'wouter';
import { usePageMeta } from '../common/hooks';
import './NotFound.css';
import { notFoundPage } from '#domain/fixedPages';

export default function NotFound() {
  usePageMeta(notFoundPage);
  return (
    <main className="not-found">
      <h1>Oops!</h1>
      <p>We couldn't find the page you're looking for.</p>
      <Link href="/" className="button button--primary">
        Back to the home page
      </Link>
    </main>
  );
}
