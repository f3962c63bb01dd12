import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const apiMock = vi.hoisted(() => ({ submitContactForm: vi.fn() }));
vi.mock('../../api/client', async (original) => ({
  ...(await original<typeof import('../../api/client')>()),
  api: apiMock,
}));

import { setAnalyticsSink } from '../../app/analytics';
import { useToasts } from '../../app/toasts';
import { ContactPage } from './ContactPage';
import { chileanMobile, hubspotVisitorToken } from './contactModel';

function renderContact() {
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/contacto', element: <ContactPage /> }], {
        initialEntries: ['/contacto'],
      })}
    />,
  );
  return userEvent.setup();
}

const events: string[] = [];
beforeEach(() => {
  apiMock.submitContactForm.mockReset();
  useToasts.setState({ toasts: [] });
  events.length = 0;
  setAnalyticsSink({ pageView: () => undefined, event: (e) => events.push(e.name) });
});
afterEach(() => {
  setAnalyticsSink(null);
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets HubSpot's visitor cookie.
  document.cookie = 'hubspotutk=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Nombre' }), ' Tomás ');
  await user.type(screen.getByRole('textbox', { name: 'Apellido' }), 'Muñoz');
  await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'Tomas.Munoz@Ejemplo.CL');
  await user.type(screen.getByRole('textbox', { name: 'Celular (opcional)' }), '9 8765 4321');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Motivo' }), 'Tutorías');
  await user.type(screen.getByRole('textbox', { name: 'Mensaje' }), '¿Cómo pido una hora de tutoría?');
}

describe('contact page', () => {
  it('says what is missing and sends nothing', async () => {
    const user = renderContact();
    await user.type(screen.getByRole('textbox', { name: 'Celular (opcional)' }), '1234');
    await user.type(screen.getByRole('textbox', { name: 'Mensaje' }), 'hola');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(3);
    screen.getByText('Ingresa un celular chileno de 9 dígitos que empiece con 9, o deja el campo vacío.');
    screen.getByText('Elige el motivo de tu mensaje.');
    screen.getByText('Cuéntanos un poco más: escribe al menos 10 caracteres.');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Nombre' }));
    expect(apiMock.submitContactForm).not.toHaveBeenCalled();
  });

  it('sends the message to the CRM with the topic, the page and HubSpot’s visitor cookie', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets HubSpot's visitor cookie.
    document.cookie = `hubspotutk=${'b'.repeat(32)}`;
    apiMock.submitContactForm.mockResolvedValue({ submitted: true });
    const user = renderContact();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(apiMock.submitContactForm).toHaveBeenCalledWith({
      fields: {
        firstname: 'Tomás',
        lastname: 'Muñoz',
        email: 'tomas.munoz@ejemplo.cl',
        phone: '+56987654321',
        message: 'Motivo: Tutorías\n\n¿Cómo pido una hora de tutoría?',
      },
      context: { hutk: 'b'.repeat(32), pageUri: window.location.href, pageName: document.title },
    });
    expect(screen.getByRole('status').textContent).toContain(
      'Gracias, Tomás. Recibimos tu mensaje y te responderemos a tomas.munoz@ejemplo.cl.',
    );
    expect(events).toEqual(['generate_lead']);
    await user.click(screen.getByRole('button', { name: 'Enviar otro mensaje' }));
    expect((screen.getByRole('textbox', { name: 'Nombre' }) as HTMLInputElement).value).toBe('');
  });

  it('keeps what was typed and says so when sending fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    apiMock.submitContactForm.mockRejectedValue(new Error('offline'));
    const user = renderContact();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual([
      'No pudimos enviar tu mensaje. Inténtalo de nuevo en unos minutos.',
    ]);
    expect((screen.getByRole('textbox', { name: 'Nombre' }) as HTMLInputElement).value).toBe(' Tomás ');
    expect(events).toEqual([]);
    error.mockRestore();
  });

  it('reads Chilean mobiles and HubSpot’s cookie', () => {
    expect(chileanMobile('+56 9 1234 5678')).toBe('+56912345678');
    expect(chileanMobile('912345678')).toBe('+56912345678');
    expect(chileanMobile('812345678')).toBeNull();
    expect(hubspotVisitorToken(`a=1; hubspotutk=${'c'.repeat(32)}; b=2`)).toBe('c'.repeat(32));
    expect(hubspotVisitorToken('hubspotutk=nope')).toBeUndefined();
  });
});
