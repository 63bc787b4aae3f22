import { Link } from 'wouter';
import { useAuth, usePageMeta } from '../app/hooks';
import './Home.css';

/** The landing page. Its full layout (video, blocks, services) is the public-site issue. */
export default function Home() {
  usePageMeta(null, 'Fixed-price IT consulting: web, cloud, security, data, infrastructure and project management.');
  const { signedIn } = useAuth();
  return (
    <main>
      <section className="hero">
        <h1>Empowering Your Business Through IT Consulting Excellence</h1>
        <p>Unlock the Full Potential of Technology for Optimal Growth and Success</p>
        {signedIn ? (
          <a href="#services" className="button button--primary">
            Get started
          </a>
        ) : (
          <Link href="/signin" className="button button--primary">
            Get started
          </Link>
        )}
      </section>
      <section id="services" className="page" aria-labelledby="services-title">
        <h2 id="services-title">Our Services</h2>
        <p>Six fixed-price consultations, from website development to project management, are listed here soon.</p>
      </section>
    </main>
  );
}
