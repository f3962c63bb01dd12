import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type LegalDocument, privacyNotice, termsOfService } from '../../i18n/legal';
import { LegalPage } from './LegalPage';

function renderDocument(document: LegalDocument) {
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/', element: <LegalPage document={document} /> }])}
    />,
  );
  return screen.getByRole('article').textContent ?? '';
}

describe('legal pages', () => {
  it('render every section of a document, with its table of contents and working internal links', () => {
    renderDocument(privacyNotice);
    const contents = screen.getByRole('navigation', { name: 'Contenido' });
    const entries = within(contents).getAllByRole('link');
    expect(entries).toHaveLength(privacyNotice.sections.length);
    for (const section of privacyNotice.sections) {
      expect(document.getElementById(section.id)).toBeTruthy();
      expect(screen.getByRole('heading', { name: section.title })).toBeTruthy();
    }
    const contact = screen.getAllByRole('link', { name: 'formulario de contacto' });
    expect(contact[0]?.getAttribute('href')).toBe('/contacto');
    expect(screen.getByRole('article').textContent).not.toMatch(/\[|\]\(/);
  });

  it('cover what a Chilean privacy notice must say', () => {
    const text = renderDocument(privacyNotice);
    for (const required of [
      'Ley N° 19.628',
      'Ley N° 21.719',
      'Amazon Web Services',
      'Stripe',
      'HubSpot',
      'Acceso',
      'Rectificación',
      'Supresión',
      'Oposición',
      'Portabilidad',
      'Bloqueo',
      'Agencia de Protección de Datos Personales',
      '30 días corridos',
      'menos de 14 años',
      'fuera de Chile',
    ]) {
      expect(text, required).toContain(required);
    }
  });

  it('give the terms a consumer needs: plans, renewal, withdrawal, tutoring, complaints', () => {
    const text = renderDocument(termsOfService);
    for (const required of [
      'Ley N° 19.496',
      'retractarte',
      '10 días',
      'se renueva automáticamente',
      'Stripe',
      '3 clases',
      '1 ensayo',
      '12 al año',
      'SERNAC',
      'no está afiliada al Departamento de Evaluación, Medición y Registro Educacional (DEMRE)',
    ]) {
      expect(text, required).toContain(required);
    }
  });
});
