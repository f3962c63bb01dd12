import { activeConfig, type ControllerIdentity as Controller } from '../../app/config';
import type { LegalDocument } from '../../i18n/legal';
import { legalText } from '../../i18n/legal';
import { InlineText } from './InlineText';
import './public.css';

/**
 * A legal text: title, date, table of contents and numbered sections. The controller's identity
 * comes from /config.json (`controller`); what is not configured is said to be pending.
 */
export function LegalPage({
  document: doc,
  controller = activeConfig()?.controller,
}: {
  document: LegalDocument;
  controller?: Controller | undefined;
}) {
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
            'controller' in block ? (
              <ControllerIdentity key="controller" controller={controller} />
            ) : 'paragraph' in block ? (
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

const CONTROLLER_FIELDS = ['name', 'rut', 'address', 'email'] as const;

/** Name, RUT, address and e-mail of the controller; never an invented one. */
function ControllerIdentity({ controller }: { controller: Controller | undefined }) {
  const t = legalText.controller;
  if (!controller) {
    return (
      <p className="legal__pending">
        <InlineText text={t.pending} />
      </p>
    );
  }
  return (
    <dl className="legal__controller">
      {CONTROLLER_FIELDS.map((field) => {
        const value = controller[field];
        return (
          <div key={field}>
            <dt>{t[field]}</dt>
            <dd>
              {value === undefined ? (
                <em className="legal__pending">{t.fieldPending}</em>
              ) : field === 'email' ? (
                <a href={`mailto:${value}`}>{value}</a>
              ) : (
                value
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
