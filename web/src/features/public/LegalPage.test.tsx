import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type ControllerIdentity, parseRuntimeConfig, setActiveConfig } from '../../app/config';
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

/** The page as /config.json configures it, the way main.tsx does. */
function configure(controller?: ControllerIdentity) {
  setActiveConfig(
    parseRuntimeConfig({
      apiUrl: 'https://api.preu.example',
      region: 'sa-east-1',
      userPoolId: 'sa-east-1_x',
      userPoolClientId: 'client',
      ...(controller ? { controller } : {}),
    }),
  );
}

const CONTROLLER = {
  name: 'Preu PAES SpA',
  rut: '76123456-0',
  address: 'Av. Providencia 1234, oficina 56, Providencia, Santiago',
  email: 'privacidad@preu.cl',
};

/** The controller's identity as the page shows it: label → value. */
function shownIdentity(section: HTMLElement) {
  return Object.fromEntries(
    Array.from(section.querySelectorAll('dl > div')).map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]),
  );
}

afterEach(() => configure());

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

  it('name the controller from the configuration: name, RUT, address and e-mail', () => {
    configure(CONTROLLER);
    renderDocument(privacyNotice);
    const section = screen.getByRole('region', { name: '1. Quién es responsable de tus datos' });
    expect(shownIdentity(section)).toEqual({
      'Nombre o razón social': 'Preu PAES SpA',
      RUT: '76.123.456-0',
      Domicilio: 'Av. Providencia 1234, oficina 56, Providencia, Santiago',
      'Correo de contacto': 'privacidad@preu.cl',
    });
    expect(within(section).getByRole('link', { name: 'privacidad@preu.cl' }).getAttribute('href')).toBe(
      'mailto:privacidad@preu.cl',
    );
    expect(section.textContent).not.toMatch(/pendiente/i);
  });

  it('the terms name who provides the service with the same data', () => {
    configure(CONTROLLER);
    renderDocument(termsOfService);
    const section = screen.getByRole('region', { name: '15. Quién presta el servicio y contacto' });
    expect(shownIdentity(section)).toMatchObject({
      RUT: '76.123.456-0',
      'Nombre o razón social': 'Preu PAES SpA',
    });
  });

  it('say plainly that the identity is pending when it is not configured, without inventing an identity', () => {
    configure();
    for (const doc of [privacyNotice, termsOfService]) {
      const text = renderDocument(doc);
      expect(text).toContain(
        'Los datos de identificación del responsable (nombre o razón social, RUT, domicilio y correo de contacto) todavía no están publicados en este sitio: están pendientes',
      );
      expect(document.querySelector('dl')).toBeNull();
      expect(text).not.toMatch(/RUT \d|XX\.XXX|\[nombre/i);
      cleanup();
    }
  });

  it('mark a single missing field as pending and show the rest', () => {
    configure({ name: 'Preu PAES SpA', email: 'privacidad@preu.cl' });
    renderDocument(privacyNotice);
    const section = screen.getByRole('region', { name: '1. Quién es responsable de tus datos' });
    expect(shownIdentity(section)).toEqual({
      'Nombre o razón social': 'Preu PAES SpA',
      RUT: 'Pendiente de publicación',
      Domicilio: 'Pendiente de publicación',
      'Correo de contacto': 'privacidad@preu.cl',
    });
  });

  it('tell what survives deletion: counters only, under a keyed hash of the e-mail, at most 12 months', () => {
    const text = renderDocument(privacyNotice);
    const retention = screen.getByRole('region', { name: '7. Cuánto tiempo guardamos tus datos' });
    expect(retention.textContent).toContain('con la única excepción que se explica más abajo');
    for (const required of [
      'Lo único que guardamos después de que eliminas tu cuenta son unos contadores',
      'cuántos ensayos, horas de tutoría y ejercicios de práctica ocupaste',
      'para evitar que el plan gratuito se use de forma abusiva',
      'hash con clave',
      'no se puede volver a obtener tu correo',
      'máximo de 12 meses',
    ]) {
      expect(retention.textContent, required).toContain(required);
    }
    expect(text).toContain('Descargar mis datos');
  });

  it('explain that analytics run only with consent, changeable from the footer', () => {
    renderDocument(privacyNotice);
    const cookies = screen.getByRole('region', { name: '6. Cookies y almacenamiento en tu navegador' });
    expect(cookies.textContent).toContain('solo lo activamos si lo aceptas');
    expect(cookies.textContent).toContain('no cargamos su código ni enviamos ninguna medición');
    expect(cookies.textContent).toContain('«Preferencias de cookies», al pie de cada página');
  });
});
