import type { ReactNode } from 'react';
import '../pages/Legal.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page: its heading and introduction, a numbered table of contents, and the numbered sections. */
export function LegalDocument({ id, header, sections }: { id: string; header: ReactNode; sections: LegalSection[] }) {
  return (
    <main className="page legal">
      <header className="legal__header">{header}</header>
      <div className="legal__layout">
        <nav className="legal__toc" aria-labelledby={`${id}-toc-title`}>
          <h2 id={`${id}-toc-title`} className="legal__toc-title">
            Contents
          </h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal__body">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              className="legal__section"
              aria-labelledby={`${section.id}-title`}
            >
              <h2 id={`${section.id}-title`}>
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </main>
  );
}
