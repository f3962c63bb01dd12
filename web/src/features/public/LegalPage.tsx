import type { LegalDocument } from '../../i18n/legal';
import { legalText } from '../../i18n/legal';
import { InlineText } from './InlineText';
import './public.css';

/** A legal text: title, date, table of contents and numbered sections. */
export function LegalPage({ document: doc }: { document: LegalDocument }) {
  return (
    <article className="page legal">
      <header className="legal__header">
        <h1>{doc.title}</h1>
        <p className="legal__updated">{doc.updated}</p>
        {doc.intro.map((paragraph) => (
          <p key={paragraph}>
            <InlineText text={paragraph} />
          </p>
        ))}
      </header>
      <nav className="legal__contents card" aria-labelledby="legal-contents">
        <h2 id="legal-contents">{legalText.contentsLabel}</h2>
        <ol>
          {doc.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title.replace(/^\d+\.\s*/, '')}</a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className="legal__section"
          aria-labelledby={`${section.id}-title`}
        >
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          {section.blocks.map((block) =>
            'paragraph' in block ? (
              <p key={block.paragraph}>
                <InlineText text={block.paragraph} />
              </p>
            ) : (
              <ul key={block.list[0]}>
                {block.list.map((item) => (
                  <li key={item}>
                    <InlineText text={item} />
                  </li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
      <p className="legal__top">
        <a href="#contenido">{legalText.backToTop}</a>
      </p>
    </article>
  );
}
